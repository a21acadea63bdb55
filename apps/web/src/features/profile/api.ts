// The profile screen's own calls: the avatar and the Security tab (password, two-factor, delete account).
import {
  type ChangePasswordInput,
  type DeleteAccountInput,
  RecoveryCodesSchema,
  RevokedCountSchema,
  TwoFactorSetupSchema,
} from '@mixdesk/contract/account';
import { envelope, OkSchema } from '@mixdesk/contract/envelope';
import { ProfileDataSchema } from '@mixdesk/contract/profile';
import { api } from '../../lib/api';

const ProfileResponseSchema = envelope(ProfileDataSchema);

export async function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return (await api.post('/api/auth/profile/avatar', form, { schema: ProfileResponseSchema })).data.profile;
}

export async function removeAvatar() {
  return (await api.delete('/api/auth/profile/avatar', { schema: ProfileResponseSchema })).data.profile;
}

export async function changePassword(input: ChangePasswordInput) {
  return api.post('/api/account/password', input, { schema: envelope(RevokedCountSchema) });
}

export async function startTwoFactorSetup() {
  return (
    await api.post('/api/account/two-factor/setup', undefined, { schema: envelope(TwoFactorSetupSchema) })
  ).data;
}

export async function enableTwoFactor(code: string) {
  return (
    await api.post('/api/account/two-factor/enable', { code }, { schema: envelope(RecoveryCodesSchema) })
  ).data.recoveryCodes;
}

export async function disableTwoFactor(input: { code: string; password: string }) {
  return api.post('/api/account/two-factor/disable', input, { schema: OkSchema });
}

export async function replaceRecoveryCodes(input: { code: string; password: string }) {
  return (
    await api.post('/api/account/two-factor/recovery-codes', input, { schema: envelope(RecoveryCodesSchema) })
  ).data.recoveryCodes;
}

export async function deleteAccount(input: DeleteAccountInput) {
  return api.post('/api/account/delete', input, { schema: OkSchema });
}
