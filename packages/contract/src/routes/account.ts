// The account area's routes (under /api/account: password, sessions, two-factor, export, deleting the
// account), declared once for the server and the web (../routes.ts). The new password's shape is declared
// (contract/account); the server checks besides that it is not too easy to guess (contract/password-policy,
// given to `serve` as its `strictBody`), a check whose dictionary the web loads only on demand. The export's
// download is not declared: the browser fetches it by the signed link the export answers with, and the
// server streams a ZIP back, so it is registered by hand.
import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  DisableTwoFactorSchema,
  EnableTwoFactorSchema,
  ExportLinkSchema,
  ExportRequestSchema,
  RecoveryCodesSchema,
  RevokedCountSchema,
  SessionIdParamsSchema,
  SessionListSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '../account.ts';
import { envelope, OkSchema } from '../envelope.ts';
import { defineRoutes } from '../routes.ts';

const RevokedResponse = envelope(RevokedCountSchema);
const RecoveryCodesResponse = envelope(RecoveryCodesSchema);

export const accountRoutes = defineRoutes({
  changePassword: {
    method: 'POST',
    path: '/api/account/password',
    body: ChangePasswordSchema,
    response: RevokedResponse,
  },
  sessions: { method: 'GET', path: '/api/account/sessions', response: envelope(SessionListSchema) },
  signOutSession: {
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    params: SessionIdParamsSchema,
    response: OkSchema,
  },
  signOutOtherSessions: {
    method: 'POST',
    path: '/api/account/sessions/sign-out-others',
    response: RevokedResponse,
  },
  twoFactor: { method: 'GET', path: '/api/account/two-factor', response: envelope(TwoFactorStatusSchema) },
  twoFactorSetup: {
    method: 'POST',
    path: '/api/account/two-factor/setup',
    response: envelope(TwoFactorSetupSchema),
  },
  twoFactorEnable: {
    method: 'POST',
    path: '/api/account/two-factor/enable',
    body: EnableTwoFactorSchema,
    response: RecoveryCodesResponse,
  },
  twoFactorDisable: {
    method: 'POST',
    path: '/api/account/two-factor/disable',
    body: DisableTwoFactorSchema,
    response: OkSchema,
  },
  recoveryCodes: {
    method: 'POST',
    path: '/api/account/two-factor/recovery-codes',
    body: DisableTwoFactorSchema,
    response: RecoveryCodesResponse,
  },
  export: {
    method: 'POST',
    path: '/api/account/export',
    body: ExportRequestSchema,
    response: envelope(ExportLinkSchema),
  },
  deleteAccount: {
    method: 'POST',
    path: '/api/account/delete',
    body: DeleteAccountSchema,
    response: OkSchema,
  },
});
