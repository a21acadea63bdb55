// Settings › Profile: Configure opens a compact profile editor (name, profession, experience, location); Save
// Changes saves it. The full editor is one link away.
import { NAME_MAX } from '@mixdesk/contract/auth';
import {
  EXPERIENCE_LEVELS,
  LOCATION_MAX,
  PROFESSIONS,
  type Profile,
  ProfileUpdateSchema,
} from '@mixdesk/contract/profile';
import { User } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSaveProfile } from '../../lib/account';
import { ApiError } from '../../lib/api';
import { Avatar } from '../../ui/avatar';
import { buttonClasses } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { useToast } from '../../ui/toast';
import { SettingsCard } from './settings-card';

const EDITABLE = ProfileUpdateSchema.pick({ name: true, profession: true, experience: true, location: true });

const fieldsOf = (p: Profile) => ({
  name: p.name,
  profession: p.profession,
  experience: p.experience,
  location: p.location,
});

export function ProfileCard({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(() => fieldsOf(profile));
  const save = useSaveProfile();
  const toast = useToast();
  const stored = fieldsOf(profile);
  const dirty = (Object.keys(stored) as (keyof typeof stored)[]).some((k) => draft[k] !== stored[k]);

  useEffect(() => {
    if (!open) setDraft(fieldsOf(profile));
  }, [open, profile]);

  const submit = () => {
    const parsed = EDITABLE.safeParse(draft);
    if (!parsed.success) {
      toast.notify('error', parsed.error.issues[0]?.message ?? 'Check the profile fields');
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: ({ profile: next }) => {
        setDraft(fieldsOf(next));
        toast.notify('success', 'Profile saved');
      },
      onError: (err) =>
        toast.notify('error', err instanceof ApiError ? err.message : 'Failed to update profile'),
    });
  };

  return (
    <SettingsCard
      icon={<User aria-hidden="true" />}
      title="Profile"
      description="Your name, photo and music industry details."
      summary={
        <span className="flex items-center gap-3">
          <Avatar src={profile.avatar} name={profile.name} />
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-medium text-text">{profile.name}</span>
            <span className="truncate text-sm">{profile.profession || 'No profession set'}</span>
          </span>
        </span>
      }
      open={open}
      onConfigure={() => setOpen((o) => !o)}
      dirty={dirty}
      saving={save.isPending}
      onSave={submit}
    >
      <Field label="Full Name">
        {(control) => (
          <Input
            {...control}
            maxLength={NAME_MAX}
            value={draft.name}
            onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
          />
        )}
      </Field>
      <Field label="Profession">
        {(control) => (
          <Select
            {...control}
            value={draft.profession}
            onChange={(e) => setDraft((d) => ({ ...d, profession: e.target.value }))}
          >
            <option value="">Select Profession</option>
            {PROFESSIONS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Experience Level">
        {(control) => (
          <Select
            {...control}
            value={draft.experience}
            onChange={(e) => setDraft((d) => ({ ...d, experience: e.target.value }))}
          >
            <option value="">Select Experience</option>
            {EXPERIENCE_LEVELS.map((level) => (
              <option key={level}>{level}</option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Location" hint="City, State, Country">
        {(control) => (
          <Input
            {...control}
            maxLength={LOCATION_MAX}
            value={draft.location}
            onChange={(e) => setDraft((d) => ({ ...d, location: e.target.value }))}
          />
        )}
      </Field>
      <Link to="/profile?edit=1" className={buttonClasses({ variant: 'link', className: 'self-start' })}>
        Open the full profile editor
      </Link>
    </SettingsCard>
  );
}
