// The signed-in user's own profile and two-factor status, shared by the profile and settings screens and the
// user menu (which shows the avatar). One query key each, so an update anywhere shows everywhere.
import type { Profile, ProfileUpdate } from '@mixdesk/contract/profile';
import { accountRoutes } from '@mixdesk/contract/routes/account';
import { profileRoutes } from '@mixdesk/contract/routes/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './call';
import { useSession } from './session';

export const PROFILE_QUERY_KEY = ['profile'] as const;
export const TWO_FACTOR_QUERY_KEY = ['two-factor'] as const;

export async function fetchProfile(): Promise<Profile> {
  return (await call(profileRoutes.get, {})).data.profile;
}

export async function saveProfile(update: ProfileUpdate): Promise<{ profile: Profile; message: string }> {
  const res = await call(profileRoutes.update, { body: update });
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
    queryFn: async () => (await call(accountRoutes.twoFactor, {})).data,
    enabled: Boolean(session.user),
  });
}
