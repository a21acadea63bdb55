// One comment: who, when in the track (a button that seeks there), what they said, and what the viewer may do
// with it: like, reply (to a thread's first comment), resolve or reopen, edit their own, delete. A thread carried
// from an earlier version (issue #35) says so ("from Mix 1"); its actions go to the version it was written on.
import { type Comment, formatTimestamp } from '@mixdesk/contract/comments';
import type { ProjectAccess } from '@mixdesk/contract/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Heart, MessageSquareReply, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { timeAgo } from '../../../lib/time-ago';
import { Alert } from '../../../ui/alert';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Textarea } from '../../../ui/input';
import { mediaErrorMessage } from '../media/media-errors';
import { deleteComment, refOf, toggleLike, toggleResolve, updateComment } from './api';
import { applyDeletion, refreshCarried, storeComment } from './use-comments';

export interface Viewer {
  userId: string | null;
  access: ProjectAccess;
}

interface Props {
  comment: Comment;
  viewer: Viewer;
  onSeek: (seconds: number) => void;
  onReply?: () => void;
  /** A thread's first comment that people other than its author replied to. */
  othersReplied?: boolean;
  now: Date;
}

/** What a delete removes, as the server decides it (comments/delete-comment.ts). */
function deleteDescription(isThread: boolean, byOwner: boolean, othersReplied: boolean): string {
  if (!isThread) return 'The reply will be removed for everyone.';
  if (othersReplied && !byOwner)
    return 'Your comment will be removed for everyone. The replies stay, under "Comment deleted".';
  return 'The comment and its replies will be removed for everyone.';
}

export function CommentItem(props: Props) {
  const { comment: c, viewer, onSeek, onReply, now } = props;
  // A comment's routes are its own version's, wherever it is shown.
  const versionRef = refOf(c);
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(c.body);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = c.author._id !== null && c.author._id === viewer.userId;
  const liked = viewer.userId !== null && c.likedBy.includes(viewer.userId);
  const isThread = c.parentId === null;
  const mayResolve = isThread && (mine || viewer.access !== 'view');
  const mayDelete = mine || viewer.access === 'owner';

  const act = useMutation({
    mutationFn: (action: () => Promise<Comment>) => action(),
    onSuccess: (saved) => {
      storeComment(client, saved);
      if (c.carriedFrom) refreshCarried(client);
      setEditing(false);
      setError(null);
    },
    onError: (failure) => setError(mediaErrorMessage(failure, 'That did not work; try again')),
  });

  return (
    <article
      aria-label={`Comment by ${c.author.name} at ${formatTimestamp(c.at)}${isThread && c.carriedFrom ? `, from ${c.carriedFrom.label}` : ''}`}
      className={cn('flex gap-2.5', c.resolved && 'opacity-70')}
    >
      <Avatar src={c.author.avatarUrl} name={c.author.name} size="sm" className="mt-0.5" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
          <span className="font-medium">{c.author.name}</span>
          {c.author.guest && <Badge>Guest</Badge>}
          {isThread && c.carriedFrom && (
            <Badge tone="warning" title={`An open note carried from ${c.carriedFrom.label}`}>
              from {c.carriedFrom.label}
            </Badge>
          )}
          <button
            type="button"
            onClick={() => onSeek(c.at)}
            className="font-mono text-accent tabular-nums hover:underline"
            aria-label={`Play from ${formatTimestamp(c.at)}`}
          >
            {formatTimestamp(c.at)}
            {c.end !== null && `–${formatTimestamp(c.end)}`}
          </button>
          <span className="text-xs text-muted">
            {timeAgo(c.createdAt, now)}
            {c.editedAt && ' · edited'}
          </span>
          {c.resolved && <Badge tone="success">Resolved</Badge>}
        </p>
        {editing ? (
          <form
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              act.mutate(() => updateComment(versionRef, c._id, { body: draft }));
            }}
          >
            <label className="sr-only" htmlFor={`edit-${c._id}`}>
              Edit comment
            </label>
            <Textarea
              id={`edit-${c._id}`}
              value={draft}
              rows={2}
              onChange={(e) => setDraft(e.target.value)}
            />
            <div className="flex justify-end gap-2">
              <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button type="submit" size="sm" variant="primary" disabled={act.isPending}>
                Save
              </Button>
            </div>
          </form>
        ) : (
          <p className="text-base break-words whitespace-pre-wrap">{c.body}</p>
        )}
        <div className="-ml-2 flex flex-wrap items-center gap-0.5">
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={liked}
            aria-label={`Like (${c.likes})`}
            disabled={!viewer.userId}
            onClick={() => act.mutate(() => toggleLike(versionRef, c._id))}
          >
            <Heart aria-hidden="true" className={cn(liked && 'fill-danger text-danger')} />
            {c.likes > 0 && <span className="tabular-nums">{c.likes}</span>}
          </Button>
          {onReply && (
            <Button size="sm" variant="ghost" onClick={onReply}>
              <MessageSquareReply aria-hidden="true" />
              Reply
            </Button>
          )}
          {mayResolve && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => act.mutate(() => toggleResolve(versionRef, c._id))}
            >
              {c.resolved ? <RotateCcw aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
              {c.resolved ? 'Reopen' : 'Resolve'}
            </Button>
          )}
          {mine && !editing && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setDraft(c.body);
                setEditing(true);
              }}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          )}
          {mayDelete && (
            <Button size="sm" variant="ghost" onClick={() => setDeleting(true)} aria-label="Delete comment">
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </div>
        {error && <Alert type="error">{error}</Alert>}
      </div>
      <ConfirmDialog
        open={deleting}
        title="Delete Comment"
        description={deleteDescription(isThread, viewer.access === 'owner', props.othersReplied ?? false)}
        confirmLabel="Delete Comment"
        onConfirm={() => deleteComment(versionRef, c._id)}
        onClose={() => setDeleting(false)}
        onDone={(deletion) => {
          applyDeletion(client, c.versionId, deletion);
          if (c.carriedFrom) refreshCarried(client);
        }}
        errorMessage={(failure) => mediaErrorMessage(failure, 'Failed to delete the comment')}
      />
    </article>
  );
}
