// The profile screen's own calls: the avatar and the Security tab (password, two-factor, delete account).
import type { ChangePasswordInput, DeleteAccountInput } from '@mixdesk/contract/account';
import { accountRoutes } from '@mixdesk/contract/routes/account';
import { profileRoutes } from '@mixdesk/contract/routes/profile';
import { call } from '../../lib/call';
import { startResumableUpload } from '../../lib/resumable-upload';

/** Sent as a resumable upload, like every file; once the server has made it the avatar, the profile as it is now. */
export async function uploadAvatar(file: File) {
  await startResumableUpload(file, { target: 'avatar' }).done;
  return (await call(profileRoutes.get, {})).data.profile;
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
