// Writing a comment: the text, and for a new thread the time it is about, taken from the playhead when the
// box is used (m:ss, editable), with an optional end for a range. A reply is about its thread's time.
import {
  COMMENT_BODY_MAX,
  type Comment,
  type CreateCommentInput,
  formatTimestamp,
} from '@mixdesk/contract/comments';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Input, Textarea } from '../../../ui/input';
import { mediaErrorMessage } from '../media/media-errors';
import { createComment, type VersionRef } from './api';
import { readCommentTimes } from './comment-times';

interface Props {
  versionRef: VersionRef;
  duration: number;
  /** The playhead now: a new thread starts there unless the time was typed. */
  playhead: () => number;
  /** Set for a reply. */
  parent?: Comment;
  onPosted: (comment: Comment) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}

export function CommentBox({ versionRef, duration, playhead, parent, onPosted, onCancel, autoFocus }: Props) {
  const id = useId();
  const [body, setBody] = useState('');
  const [at, setAt] = useState('');
  const [end, setEnd] = useState('');
  /** Once the time is typed, the playhead no longer moves it. */
  const [timeTyped, setTimeTyped] = useState(false);
  /** The playhead's exact seconds the "At" field shows (to the second); the comment lands there, not on the second. */
  const exactAt = useRef<number | null>(null);
  const takePlayhead = () => {
    const seconds = playhead();
    exactAt.current = seconds;
    setAt(formatTimestamp(seconds));
  };
  const [error, setError] = useState<string | null>(null);

  const post = useMutation({
    mutationFn: (input: CreateCommentInput) => createComment(versionRef, input),
    onSuccess: (comment) => {
      setBody('');
      setEnd('');
      setTimeTyped(false);
      setError(null);
      onPosted(comment);
    },
    onError: (failure) => setError(mediaErrorMessage(failure, 'Failed to post the comment')),
  });

  const followPlayhead = () => {
    if (!parent && !timeTyped) takePlayhead();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setError('Comment cannot be empty');
    if (parent) return post.mutate({ body, at: parent.at, parentId: parent._id });
    if (!at && !timeTyped) takePlayhead();
    const times = readCommentTimes(at || formatTimestamp(exactAt.current ?? 0), end, duration);
    if ('error' in times) return setError(times.error);
    // Not typed: the playhead's own time (to the millisecond), which the field shows rounded down.
    const exact = !timeTyped && exactAt.current !== null ? Math.round(exactAt.current * 1000) / 1000 : null;
    const startAt = exact !== null && Math.floor(exact) === times.at ? exact : times.at;
    if (times.end !== null && times.end <= startAt) return setError('Until must be after the time');
    post.mutate({ body, at: startAt, end: times.end });
  };

  const label = parent ? `Reply to ${parent.author.name}` : 'Comment';
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-label={parent ? label : 'New comment'}>
      <label htmlFor={`${id}-body`} className="sr-only">
        {label}
      </label>
      <Textarea
        id={`${id}-body`}
        value={body}
        maxLength={COMMENT_BODY_MAX}
        rows={parent ? 2 : 3}
        autoFocus={autoFocus}
        placeholder={parent ? 'Write a reply…' : 'What do you hear? @name to mention someone'}
        onFocus={followPlayhead}
        onChange={(e) => {
          setBody(e.target.value);
          if (error) setError(null);
        }}
      />
      <div className="flex flex-wrap items-end gap-2">
        {!parent && (
          <>
            <div className="flex w-24 flex-col gap-1">
              <label htmlFor={`${id}-at`} className="text-xs font-medium text-muted">
                At
              </label>
              <Input
                id={`${id}-at`}
                value={at}
                inputMode="numeric"
                placeholder={formatTimestamp(0)}
                className="font-mono tabular-nums"
                onChange={(e) => {
                  setAt(e.target.value);
                  setTimeTyped(true);
                }}
              />
            </div>
            <div className="flex w-24 flex-col gap-1">
              <label htmlFor={`${id}-end`} className="text-xs font-medium text-muted">
                Until <span className="font-normal">(optional)</span>
              </label>
              <Input
                id={`${id}-end`}
                value={end}
                inputMode="numeric"
                className="font-mono tabular-nums"
                onChange={(e) => setEnd(e.target.value)}
              />
            </div>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                takePlayhead();
                setTimeTyped(false);
              }}
            >
              Use playhead
            </Button>
          </>
        )}
        <div className="ml-auto flex gap-2">
          {onCancel && (
            <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" variant="primary" disabled={post.isPending}>
            {post.isPending ? 'Posting…' : parent ? 'Reply' : 'Comment'}
          </Button>
        </div>
      </div>
      {error && <Alert type="error">{error}</Alert>}
    </form>
  );
}
