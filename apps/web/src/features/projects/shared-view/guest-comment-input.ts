// A guest's comment form as typed (name, text, time) into the body of POST …/comments, with the contract's
// messages per field; and the name remembered on this browser so a returning guest need not type it again.
import { CommentBodySchema, formatTimestamp } from '@mixdesk/contract/comments';
import { type GuestCommentInput, GuestNameSchema } from '@mixdesk/contract/share-links';
import { readCommentTimes } from '../comments/comment-times';

export interface GuestCommentValues {
  name: string;
  body: string;
  /** m:ss as typed; '' means "where the playhead is". */
  at: string;
}

export type GuestCommentErrors = Partial<Record<keyof GuestCommentValues, string>>;

export function toGuestComment(
  values: GuestCommentValues,
  playhead: number,
  duration: number,
): { input: GuestCommentInput } | { errors: GuestCommentErrors } {
  const errors: GuestCommentErrors = {};
  const name = GuestNameSchema.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message;
  const body = CommentBodySchema.safeParse(values.body);
  if (!body.success) errors.body = body.error.issues[0]?.message;
  const times = readCommentTimes(values.at.trim() || formatTimestamp(playhead), '', duration);
  if ('error' in times) errors.at = times.error;
  if (!name.success || !body.success || 'error' in times) return { errors };
  return { input: { name: name.data, body: body.data, at: times.at } };
}

export const GUEST_NAME_KEY = 'mixdesk.guestName';

/** The name this browser last commented with ('' when none, or when storage is blocked). */
export function rememberedGuestName(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): string {
  try {
    return storage?.getItem(GUEST_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberGuestName(
  name: string,
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
) {
  try {
    storage?.setItem(GUEST_NAME_KEY, name.trim());
  } catch (error) {
    // Storage full or blocked: the guest types their name next time, nothing else is lost.
    console.warn('Could not remember the guest name', error);
  }
}

function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
