// The account area's routes (under /api/account: password, sessions, two-factor, export, deleting the
// account), declared once for the server and the web (../routes.ts). The new password's shape is declared
// (contract/account); the server checks besides that it is not too easy to guess (contract/password-policy,
// given to `serve` as its `strictBody`), a check whose dictionary the web loads only on demand. The export's
// download is declared too, though the server registers it by hand (it streams a ZIP back) and the browser
// fetches it by the signed link the export answers with.

import { z } from 'zod';
import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  DisableTwoFactorSchema,
  EnableTwoFactorSchema,
  ExportLinkSchema,
  ExportRequestSchema,
  ExportTokenQuerySchema,
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

export const accountRoutes = defineRoutes('account', {
  changePassword: {
    method: 'POST',
    path: '/api/account/password',
    summary: 'Change my password',
    body: ChangePasswordSchema,
    response: RevokedResponse,
  },
  sessions: {
    method: 'GET',
    path: '/api/account/sessions',
    summary: 'List my signed-in sessions',
    response: envelope(SessionListSchema),
  },
  signOutSession: {
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    summary: 'Sign out one of my sessions',
    params: SessionIdParamsSchema,
    response: OkSchema,
  },
  signOutOtherSessions: {
    method: 'POST',
    path: '/api/account/sessions/sign-out-others',
    summary: 'Sign out all my other sessions',
    response: RevokedResponse,
  },
  twoFactor: {
    method: 'GET',
    path: '/api/account/two-factor',
    summary: 'Get my two-factor sign-in status',
    response: envelope(TwoFactorStatusSchema),
  },
  twoFactorSetup: {
    method: 'POST',
    path: '/api/account/two-factor/setup',
    summary: 'Start setting up two-factor sign-in',
    errors: [409],
    response: envelope(TwoFactorSetupSchema),
  },
  twoFactorEnable: {
    method: 'POST',
    path: '/api/account/two-factor/enable',
    summary: 'Turn two-factor sign-in on',
    errors: [409],
    body: EnableTwoFactorSchema,
    response: RecoveryCodesResponse,
  },
  twoFactorDisable: {
    method: 'POST',
    path: '/api/account/two-factor/disable',
    summary: 'Turn two-factor sign-in off',
    body: DisableTwoFactorSchema,
    response: OkSchema,
  },
  recoveryCodes: {
    method: 'POST',
    path: '/api/account/two-factor/recovery-codes',
    summary: 'Replace my recovery codes',
    errors: [409],
    body: DisableTwoFactorSchema,
    response: RecoveryCodesResponse,
  },
  export: {
    method: 'POST',
    path: '/api/account/export',
    summary: 'Request a download link for my data',
    body: ExportRequestSchema,
    response: envelope(ExportLinkSchema),
  },
  /** The ZIP itself (application/zip), by the signed link `export` answers: the link is the credential. */
  exportDownload: {
    method: 'GET',
    path: '/api/account/export/download',
    summary: 'Download my data export',
    errors: [404],
    query: ExportTokenQuerySchema,
    response: z.custom<Blob>(),
  },
  deleteAccount: {
    method: 'POST',
    path: '/api/account/delete',
    summary: 'Delete my account',
    body: DeleteAccountSchema,
    response: OkSchema,
  },
});
