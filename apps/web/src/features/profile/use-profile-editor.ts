// SPEC §4 Profile: viewing becomes editing via Edit Profile; Cancel restores the stored profile, leaves edit mode
// and clears errors; Save Changes sends the update and, on success, replaces the profile and ends edit mode; on
// failure edit mode stays and the error shows.
import { type Profile, ProfileUpdateSchema } from '@mixdesk/contract/profile';
import { useCallback, useEffect, useState } from 'react';
import { useSaveProfile } from '../../lib/account';
import { useToast } from '../../ui/toast';
import { profileFieldErrorsOf, serverMessage } from './errors';

export type ProfileDraft = Pick<
  Profile,
  | 'name'
  | 'phone'
  | 'location'
  | 'bio'
  | 'profession'
  | 'experience'
  | 'genres'
  | 'emailNotifications'
  | 'projectNotifications'
  | 'collaborationNotifications'
  | 'marketingEmails'
  | 'profileVisibility'
  | 'showEmail'
  | 'showPhone'
  | 'showLocation'
>;

export function draftOf(profile: Profile): ProfileDraft {
  return {
    name: profile.name,
    phone: profile.phone,
    location: profile.location,
    bio: profile.bio,
    profession: profile.profession,
    experience: profile.experience,
    genres: [...profile.genres],
    emailNotifications: profile.emailNotifications,
    projectNotifications: profile.projectNotifications,
    collaborationNotifications: profile.collaborationNotifications,
    marketingEmails: profile.marketingEmails,
    profileVisibility: profile.profileVisibility,
    showEmail: profile.showEmail,
    showPhone: profile.showPhone,
    showLocation: profile.showLocation,
  };
}

export const FAILED_TO_UPDATE = 'Failed to update profile';

export function useProfileEditor(profile: Profile, startEditing = false) {
  const [editing, setEditing] = useState(startEditing);
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile));
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useSaveProfile();
  const toast = useToast();

  // While viewing, the form mirrors the stored profile (which another screen may have changed).
  useEffect(() => {
    if (!editing) setDraft(draftOf(profile));
  }, [profile, editing]);

  const set = useCallback(<K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setFieldErrors((e) => (e[key] ? { ...e, [key]: '' } : e));
  }, []);

  const start = () => {
    setDraft(draftOf(profile));
    setError(null);
    setFieldErrors({});
    setEditing(true);
  };

  const cancel = () => {
    setDraft(draftOf(profile));
    setError(null);
    setFieldErrors({});
    setEditing(false);
  };

  const submit = () => {
    setError(null);
    const parsed = ProfileUpdateSchema.safeParse(draft);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setFieldErrors(fields);
      setError(Object.values(fields)[0] ?? FAILED_TO_UPDATE);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        setEditing(false);
        setError(null);
        setFieldErrors({});
        toast.notify('success', message || 'Profile updated successfully');
      },
      onError: (err) => {
        setFieldErrors(profileFieldErrorsOf(err));
        setError(serverMessage(err, FAILED_TO_UPDATE));
      },
    });
  };

  return { editing, draft, set, start, cancel, submit, saving: save.isPending, error, fieldErrors };
}

export type ProfileEditor = ReturnType<typeof useProfileEditor>;
