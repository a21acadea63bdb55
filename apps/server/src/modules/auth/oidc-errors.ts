// Why a single sign-on was refused: an AppError (JSON clients get its status and message) that also names its
// reason, which a browser's callback turns into /auth?error=<reason> (contract/oidc: the web shows the message).

import type { ErrorCode } from '@mixdesk/contract/envelope';
import { SSO_ERROR_MESSAGES, type SsoError } from '@mixdesk/contract/oidc';
import { AppError } from '../../platform/errors.ts';

const CODE_OF: Record<SsoError, ErrorCode> = {
  state: 'BAD_REQUEST',
  email: 'BAD_REQUEST',
  denied: 'BAD_REQUEST',
  provider: 'BAD_REQUEST',
  unavailable: 'SERVICE_UNAVAILABLE',
  off: 'NOT_FOUND',
};

export class SsoRefusal extends AppError {
  constructor(
    readonly reason: SsoError,
    /** What exactly was wrong, for the log (never for the person: the reason's message is theirs). */
    readonly detail?: string,
  ) {
    super(CODE_OF[reason], SSO_ERROR_MESSAGES[reason]);
  }
}

export const refused = (reason: SsoError, detail?: string) => new SsoRefusal(reason, detail);
