// Completion as the requests that set it off run it (the last signature, and the owner's resend of a document
// everyone signed): a failure that may pass is tried again once after a short pause; one that still fails is
// logged and its reason kept on the document (completion_error), where the owner reads it and can resend to
// try again or void. The signer's signature is recorded whatever happens here.
import { setTimeout as pause } from 'node:timers/promises';
import type { AppContext } from '../../platform/context.ts';
import { CompletionFailure, completeDocument } from './complete.ts';

/** Tries in one request; a second after RETRY_PAUSE_MS catches a passing storage or database error. */
const ATTEMPTS = 2;
const RETRY_PAUSE_MS = 250;

/** The owner's explanation of a failure (the details are in the log). */
export function explainFailure(failure: CompletionFailure): string {
  const advice = failure.lasting
    ? 'Void the document and send a new one.'
    : 'Resend to try again; if it keeps failing, void the document.';
  return `Everyone has signed, but the final copy could not be made: ${failure.reason}. ${advice}`;
}

/** Completes the document, or keeps and answers why it could not be (null when it completed). */
export async function completeOrExplain(ctx: AppContext, documentId: string): Promise<string | null> {
  let failure = new CompletionFailure('completing the document failed', false);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) await pause(RETRY_PAUSE_MS);
    try {
      await completeDocument(ctx, documentId);
      return null;
    } catch (err) {
      ctx.log.error(
        { service: 'documents', err, documentId, attempt },
        'Completing a signed document failed',
      );
      if (err instanceof CompletionFailure) failure = err;
      if (failure.lasting) break;
    }
  }
  const reason = explainFailure(failure);
  try {
    // Only while it is still waiting: a completion that won meanwhile keeps its clean row.
    await ctx.db
      .updateTable('documents')
      .set({ completion_error: reason })
      .where('id', '=', documentId)
      .where('status', '=', 'signed')
      .execute();
  } catch (err) {
    ctx.log.error(
      { service: 'documents', err, documentId },
      'Recording why a document could not be completed failed',
    );
  }
  return reason;
}
