// The profile screen's own calls: the avatar and the Security tab (password, two-factor, delete account).
import type { ChangePasswordInput, DeleteAccountInput } from '@mixdesk/contract/account';
import { accountRoutes } from '@mixdesk/contract/routes/account';
import { profileRoutes } from '@mixdesk/contract/routes/profile';
import { api } from '../../lib/api';
import { call } from '../../lib/call';

/** A multipart form, which `call` does not send: posted at the declared path, its answer parsed as declared. */
export async function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  const route = profileRoutes.uploadAvatar;
  return (await api.post(route.path, form, { schema: route.response })).data.profile;
}

export async function removeAvatar() {
  return (await call(profileRoutes.removeAvatar, {})).data.profile;
}

export async function changePassword(input: ChangePasswordInput) {
  return call(accountRoutes.changePassword, { body: input });
}

export async function startTwoFactorSetup() {
  return (await call(accountRoutes.twoFactorSetup, {})).data;
}

export async function enableTwoFactor(code: string) {
  return (await call(accountRoutes.twoFactorEnable, { body: { code } })).data.recoveryCodes;
}

export async function disableTwoFactor(input: { code: string; password: string }) {
  return call(accountRoutes.twoFactorDisable, { body: input });
}

export async function replaceRecoveryCodes(input: { code: string; password: string }) {
  return (await call(accountRoutes.recoveryCodes, { body: input })).data.recoveryCodes;
}

export async function deleteAccount(input: DeleteAccountInput) {
  return call(accountRoutes.deleteAccount, { body: input });
}
