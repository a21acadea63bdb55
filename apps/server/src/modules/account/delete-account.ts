// Deleting an account: confirmed by typing the email and the password (and a code when two-factor is on); every
// area removes its records and stored files, then the user row goes and the database cascades the rest.
import type { DeleteAccountSchema } from '@mixdesk/contract/account';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { forgetUserSessions } from '../../platform/security/session-cache.ts';
import { bumpDashboardsShowingActor } from '../activity/public.ts';
import { deleteUserRow, forgetLoginFailuresOf } from '../auth/public.ts';
import { deleteDocumentsOfOwner, removeObjects } from '../documents/public.ts';
import { deleteProfileFiles } from '../profile/public.ts';
import { confirmPassword, confirmSecondFactor, currentUser } from './confirm-identity.ts';
import type { Caller } from './service.ts';

export const EMAIL_MISMATCH = 'Type the email address of this account exactly to confirm';

export async function deleteAccount(
  ctx: AppContext,
  caller: Caller,
  input: z.output<typeof DeleteAccountSchema>,
): Promise<void> {
  const user = await currentUser(ctx, caller.userId);
  if (input.email !== user.email)
    throw new AppError('BAD_REQUEST', EMAIL_MISMATCH, [{ path: 'email', message: EMAIL_MISMATCH }]);
  await confirmPassword(ctx, user, input.password, caller.ip);
  await confirmSecondFactor(ctx, user, input.code, caller.ip);

  // Each area first (their files are not covered by the database's cascades), those that build on others
  // before them; a failure leaves the account in place, so the user can simply try again.
  for (const handler of [...ctx.userData].reverse()) await handler.deleteData(ctx, user.id);
  await deleteProfileFiles(ctx, user.id);
  const documentKeys = await ctx.db.transaction().execute(async (trx) => {
    // Documents first, in this transaction: their links die with the account, and the user row's cascade would
    // trip over the documents list's triggers (which write a row keyed by the owner).
    const keys = await deleteDocumentsOfOwner(trx, user.id);
    // Mail kept for delivery records would otherwise keep the address: the account's own, and mail others sent
    // to the address (an invitation has no user id); failed sign-ins are keyed by it.
    await trx
      .deleteFrom('mail_outbox')
      .where((eb) => eb.or([eb('user_id', '=', user.id), eb('to_address', '=', user.email)]))
      .execute();
    await forgetLoginFailuresOf(trx, user.email);
    // Their past activity stays in others' feeds, nameless from now on: dashboards showing it are redone.
    await bumpDashboardsShowingActor(trx, user.id);
    await deleteUserRow(trx, user.id);
    return keys;
  });
  // The documents' PDFs once no row names them.
  await removeObjects(ctx, documentKeys);
  // Its sessions went with the user row (cascade); this instance must not remember them either.
  forgetUserSessions(user.id);
  ctx.live.endSessions({ userId: user.id });
  ctx.log.info({ service: 'account', userId: user.id }, 'Account deleted');
}
