// The comments left through a share link on the version in the player, in time order: each a button to hear
// that moment. A guest's new comment joins the list (and the waveform's marks) as soon as it is posted.
import { type Comment, formatTimestamp } from '@mixdesk/contract/comments';
import type { SharedVersion } from '@mixdesk/contract/share-links';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { timeAgo } from '../../../lib/time-ago';
import { useNow } from '../../../lib/use-now';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Skeleton } from '../../../ui/skeleton';
import { sortComments } from '../comments/use-comments';
import { mediaErrorMessage } from '../media/media-errors';
import { sharedKeys } from './api';
import { GuestCommentForm } from './guest-comment-form';

interface Props {
  token: string;
  version: SharedVersion;
  comments: { data?: Comment[]; isPending: boolean; isError: boolean; error: unknown };
  playhead: () => number;
  onSeek: (seconds: number) => void;
  openId: string | null;
  onOpen: (id: string) => void;
}

export function GuestComments({ token, version, comments, playhead, onSeek, openId, onOpen }: Props) {
  const client = useQueryClient();
  const now = useNow();
  const list = comments.data ?? [];
  const openRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (openId) openRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [openId]);

  return (
    <section aria-labelledby={`guest-comments-${version._id}`} className="flex flex-col gap-3">
      <h3 id={`guest-comments-${version._id}`} className="flex items-center gap-2 text-base font-semibold">
        <MessageSquare aria-hidden="true" className="size-4" />
        Comments <span className="font-normal text-muted">({list.length})</span>
      </h3>
      <GuestCommentForm
        commentsUrl={version.commentsUrl}
        duration={version.duration}
        playhead={playhead}
        onPosted={(comment) => {
          client.setQueryData<Comment[]>(sharedKeys.comments(token, version._id), (old) =>
            sortComments([...(old ?? []).filter((c) => c._id !== comment._id), comment]),
          );
          onOpen(comment._id);
        }}
      />
      {comments.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading comments...
          </p>
          <Skeleton className="h-14 w-full" />
        </>
      ) : comments.isError ? (
        <p role="alert" className="text-sm text-danger">
          {mediaErrorMessage(comments.error, 'Failed to load the comments')}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">
          No comments yet. Play the track and say what you hear, when you hear it.
        </p>
      ) : (
        <ol aria-label="Comments" className="flex flex-col gap-2">
          {list
            .filter((c) => c.parentId === null)
            .map((c) => (
              <li
                key={c._id}
                ref={c._id === openId ? openRef : undefined}
                data-open={c._id === openId || undefined}
                className="rounded-md border border-border p-3 data-[open]:border-accent data-[open]:bg-accent-soft/40"
              >
                <GuestComment comment={c} now={now} onSeek={onSeek} onOpen={onOpen} />
                {list.some((r) => r.parentId === c._id) && (
                  <ol aria-label="Replies" className="mt-3 flex flex-col gap-3 border-l-2 border-border pl-3">
                    {list
                      .filter((r) => r.parentId === c._id)
                      .map((r) => (
                        <li key={r._id}>
                          <GuestComment comment={r} now={now} />
                        </li>
                      ))}
                  </ol>
                )}
              </li>
            ))}
        </ol>
      )}
    </section>
  );
}

/** One comment: a guest's, or a reply from the team (marked so); a thread's first one seeks the player. */
function GuestComment({
  comment: c,
  now,
  onSeek,
  onOpen,
}: {
  comment: Comment;
  now: Date;
  onSeek?: (seconds: number) => void;
  onOpen?: (id: string) => void;
}) {
  const time = `${formatTimestamp(c.at)}${c.end !== null ? `–${formatTimestamp(c.end)}` : ''}`;
  return (
    <article
      aria-label={`${c.parentId ? 'Reply' : 'Comment'} by ${c.author.name} at ${formatTimestamp(c.at)}`}
      className="flex gap-2.5"
    >
      <Avatar name={c.author.name} size="sm" className="mt-0.5" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
          <span className="font-medium break-words">{c.author.name}</span>
          {!c.author.guest && <Badge tone="accent">Team</Badge>}
          {onSeek ? (
            <button
              type="button"
              onClick={() => {
                onSeek(c.at);
                onOpen?.(c._id);
              }}
              className="font-mono text-accent tabular-nums hover:underline"
              aria-label={`Play from ${formatTimestamp(c.at)}`}
            >
              {time}
            </button>
          ) : null}
          <span className="text-xs text-muted">{timeAgo(c.createdAt, now)}</span>
        </p>
        <p className="text-base break-words whitespace-pre-wrap">{c.body}</p>
      </div>
    </article>
  );
}
