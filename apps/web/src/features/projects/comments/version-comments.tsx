// The comments of the version in the player, as threads in time order: write one at the playhead, reply, like,
// resolve (and hide what is resolved). A marker opened on the player scrolls its thread into view. The open
// threads of the track's earlier versions follow the mix here (issue #35), marked with the version they came
// from and counted there, not here; a reply or a resolve on one goes to that thread.
import type { Comment } from '@mixdesk/contract/comments';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNow } from '../../../lib/use-now';
import { Skeleton } from '../../../ui/skeleton';
import { Switch } from '../../../ui/switch';
import { mediaErrorMessage } from '../media/media-errors';
import { refOf, type VersionRef } from './api';
import { CommentBox } from './comment-box';
import { CommentItem, type Viewer } from './comment-item';
import { DeletedComment } from './deleted-comment';
import { refreshCarried, storeComment } from './use-comments';

interface Props {
  versionRef: VersionRef;
  versionLabel: string;
  comments: { data?: Comment[]; isPending: boolean; isError: boolean; error: unknown };
  viewer: Viewer;
  duration: number;
  playhead: () => number;
  onSeek: (seconds: number) => void;
  openId: string | null;
  onOpen: (id: string | null) => void;
  hideResolved: boolean;
  onHideResolved: (hide: boolean) => void;
}

export function VersionComments(props: Props) {
  const { versionRef, comments, viewer, openId, onOpen, hideResolved } = props;
  const client = useQueryClient();
  const now = useNow();
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const list = comments.data ?? [];
  const threads = list.filter((c) => c.parentId === null && (!hideResolved || !c.resolved));
  const repliesOf = (id: string) => list.filter((c) => c.parentId === id);
  const resolvedCount = list.filter((c) => c.parentId === null && c.resolved).length;
  const ownCount = list.filter((c) => !c.carriedFrom).length;
  const carriedCount = list.filter((c) => c.parentId === null && c.carriedFrom).length;

  const openRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (openId) openRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [openId]);

  return (
    <section aria-labelledby={`comments-${versionRef.versionId}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <h3
          id={`comments-${versionRef.versionId}`}
          className="flex flex-wrap items-center gap-x-2 text-base font-semibold"
        >
          <MessageSquare aria-hidden="true" className="size-4" />
          Comments on {props.versionLabel} <span className="font-normal text-muted">({ownCount})</span>
          {carriedCount > 0 && (
            <span className="text-sm font-normal whitespace-nowrap text-muted">
              + {carriedCount} open from earlier versions
            </span>
          )}
        </h3>
        {resolvedCount > 0 && (
          <Switch
            label={<span className="text-sm">Hide resolved ({resolvedCount})</span>}
            checked={hideResolved}
            onCheckedChange={props.onHideResolved}
            className="py-1"
          />
        )}
      </div>
      <CommentBox
        versionRef={versionRef}
        duration={props.duration}
        playhead={props.playhead}
        onPosted={(c) => {
          storeComment(client, c);
          onOpen(c._id);
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
      ) : threads.length === 0 ? (
        <p className="text-sm text-muted">
          {list.length === 0
            ? 'No comments yet. Play the track and say what you hear at the moment you hear it.'
            : 'Every thread is resolved.'}
        </p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Comment threads">
          {threads.map((thread) => (
            <li
              key={thread._id}
              ref={thread._id === openId ? openRef : undefined}
              data-open={thread._id === openId || undefined}
              data-carried={thread.carriedFrom ? true : undefined}
              className="flex flex-col gap-3 rounded-md border border-border p-3 data-[carried]:border-dashed data-[carried]:border-warning/60 data-[open]:border-accent data-[open]:bg-accent-soft/40"
            >
              {thread.deleted ? (
                <DeletedComment comment={thread} />
              ) : (
                <CommentItem
                  comment={thread}
                  viewer={viewer}
                  now={now}
                  onSeek={(s) => {
                    props.onSeek(s);
                    onOpen(thread._id);
                  }}
                  onReply={() => setReplyTo(replyTo === thread._id ? null : thread._id)}
                  othersReplied={repliesOf(thread._id).some((r) => r.author._id !== thread.author._id)}
                />
              )}
              {repliesOf(thread._id).length > 0 && (
                <ol className="ml-8 flex flex-col gap-3 border-l border-border pl-3" aria-label="Replies">
                  {repliesOf(thread._id).map((reply) => (
                    <li key={reply._id}>
                      <CommentItem comment={reply} viewer={viewer} now={now} onSeek={props.onSeek} />
                    </li>
                  ))}
                </ol>
              )}
              {replyTo === thread._id && !thread.deleted && (
                <div className="ml-8">
                  <CommentBox
                    versionRef={refOf(thread)}
                    duration={props.duration}
                    playhead={props.playhead}
                    parent={thread}
                    autoFocus
                    onCancel={() => setReplyTo(null)}
                    onPosted={(c) => {
                      storeComment(client, c);
                      if (thread.carriedFrom) refreshCarried(client);
                      setReplyTo(null);
                    }}
                  />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
