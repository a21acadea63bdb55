// Who a new comment notifies (issue #15): the people of the project it @mentions by name (full name or first
// name: "@Paula" or "@Paula Producer"), and the author of the thread it replies to. Never the writer. Repeats
// fold (issue #31): a person's unread mention, reply or guest-comment notification about one thread (for a
// guest, their link's comments on one version) counts the next ones instead of each making a row.
import { type Comment, formatTimestamp } from '@mixdesk/contract/comments';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { namesOfUsersWhere } from '../auth/public.ts';
import { type CreatedNotification, notify } from '../notifications/public.ts';
import { isProjectMember } from '../projects/public.ts';

interface Person {
  id: string;
  name: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when `body` holds "@name" for the person's full or first name, not inside a longer word. */
export function mentions(body: string, name: string): boolean {
  const full = name.trim();
  if (!full) return false;
  const first = full.split(/\s+/)[0]!;
  const names = [...new Set([full, first])].map((n) => escapeRegExp(n).replace(/\s+/g, '\\s+'));
  return new RegExp(`(^|[^\\p{L}\\p{N}_@])@(${names.join('|')})(?![\\p{L}\\p{N}_])`, 'iu').test(body);
}

/** The owner and collaborators of a project, with their names. */
function peopleOf(db: Kysely<DB>, projectId: string): Promise<Person[]> {
  return namesOfUsersWhere(db, (eb) => isProjectMember(eb, 'u.id', projectId));
}

type Placed = Pick<Comment, '_id' | 'at' | 'projectId' | 'trackId' | 'versionId'>;

/** The app path that opens a comment's place: its version at its time, with the thread open. */
export function commentLink(comment: Placed, threadId = comment._id): string {
  const place = new URLSearchParams({
    track: comment.trackId,
    version: comment.versionId,
    t: String(comment.at),
    comment: threadId,
  });
  return `/projects/${comment.projectId}/tracks?${place.toString()}`;
}

/** Tells one person of the team about a guest's comment (share links), inside its transaction. */
export function notifyAboutGuestComment(
  ctx: AppContext,
  trx: Kysely<DB>,
  input: {
    comment: Placed & { body: string; shareLinkId: string };
    guestName: string;
    trackTitle: string;
    userId: string;
  },
): Promise<CreatedNotification[]> {
  const { comment, guestName, trackTitle, userId } = input;
  const at = formatTimestamp(comment.at);
  return notify(ctx, trx, {
    userId,
    kind: 'guest_comment',
    actorId: null,
    actorName: guestName,
    projectId: comment.projectId,
    title: `${guestName} (guest) commented on ${trackTitle} at ${at}`,
    body: comment.body,
    link: commentLink(comment),
    // A guest's comments are threads of their own: what one link brings in on one version is one conversation.
    fold: {
      key: `guest_comment:${comment.shareLinkId}:${comment.versionId}`,
      title: (n) => `${n} guest comments on ${trackTitle}, the latest by ${guestName} (guest) at ${at}`,
    },
  });
}

interface NewComment {
  comment: Pick<Comment, '_id' | 'body' | 'at' | 'projectId' | 'trackId' | 'versionId'>;
  authorId: string;
  authorName: string;
  trackTitle: string;
  /** The thread's first comment and its author, for a reply. */
  thread: { id: string; authorId: string | null } | null;
}

/** Creates the notifications a new comment causes, inside its transaction; announce them after commit. */
export async function notifyAboutComment(
  ctx: AppContext,
  trx: Kysely<DB>,
  { comment, authorId, authorName, trackTitle, thread }: NewComment,
): Promise<CreatedNotification[]> {
  const threadId = thread?.id ?? comment._id;
  const at = formatTimestamp(comment.at);
  const base = {
    actorId: authorId,
    actorName: authorName,
    projectId: comment.projectId,
    body: comment.body,
    link: commentLink(comment, threadId),
  };
  const created: CreatedNotification[] = [];
  const told = new Set<string>([authorId]);
  if (comment.body.includes('@')) {
    for (const person of await peopleOf(trx, comment.projectId)) {
      if (told.has(person.id) || !mentions(comment.body, person.name)) continue;
      told.add(person.id);
      created.push(
        ...(await notify(ctx, trx, {
          ...base,
          userId: person.id,
          kind: 'mention',
          title: `${authorName} mentioned you on ${trackTitle} at ${at}`,
          fold: {
            key: `mention:${threadId}`,
            title: (n) => `${n} mentions of you on ${trackTitle}, the latest by ${authorName} at ${at}`,
          },
        })),
      );
    }
  }
  if (thread?.authorId && !told.has(thread.authorId)) {
    created.push(
      ...(await notify(ctx, trx, {
        ...base,
        userId: thread.authorId,
        kind: 'reply',
        title: `${authorName} replied to your comment on ${trackTitle}`,
        fold: {
          key: `reply:${thread.id}`,
          title: (n) => `${n} replies to your comment on ${trackTitle}, the latest by ${authorName}`,
        },
      })),
    );
  }
  return created;
}
