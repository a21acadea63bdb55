// The signed-in user's own profile and two-factor status, shared by the profile and settings screens and the
// user menu (which shows the avatar). One query key each, so an update anywhere shows everywhere.
import { TwoFactorStatusSchema } from '@mixdesk/contract/account';
import { envelope } from '@mixdesk/contract/envelope';
import { type Profile, ProfileDataSchema, type ProfileUpdate } from '@mixdesk/contract/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { useSession } from './session';

export const PROFILE_QUERY_KEY = ['profile'] as const;
export const TWO_FACTOR_QUERY_KEY = ['two-factor'] as const;

const ProfileResponseSchema = envelope(ProfileDataSchema);

export async function fetchProfile(): Promise<Profile> {
  return (await api.get('/api/auth/profile', { schema: ProfileResponseSchema })).data.profile;
}

export async function saveProfile(update: ProfileUpdate): Promise<{ profile: Profile; message: string }> {
  const res = await api.put('/api/auth/profile', update, { schema: ProfileResponseSchema });
  return { profile: res.data.profile, message: res.message };
}

export function useProfile() {
  const session = useSession();
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: fetchProfile,
    enabled: Boolean(session.user),
  });
}

/** Saves profile fields; the stored profile replaces the cached one and the session user's name follows. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      if (session.user && session.user.name !== profile.name) void session.reload();
    },
  });
}

/** Puts a profile the server returned (after an avatar change, say) into the cache. */
export function useSetProfile() {
  const queryClient = useQueryClient();
  return (profile: Profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
}

export function useTwoFactorStatus() {
  const session = useSession();
  return useQuery({
    queryKey: TWO_FACTOR_QUERY_KEY,
    queryFn: async () =>
      (await api.get('/api/account/two-factor', { schema: envelope(TwoFactorStatusSchema) })).data,
    enabled: Boolean(session.user),
  });
}
