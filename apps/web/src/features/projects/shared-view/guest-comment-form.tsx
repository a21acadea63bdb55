// A guest's comment: their name (remembered on this browser), what they hear, and when — the playhead when the
// text box is used, as m:ss the guest may change. Checked with the contract's rules; the server's refusals
// (comments not allowed, a field it did not take) are shown in its words.
import { COMMENT_BODY_MAX, type Comment, formatTimestamp } from '@mixdesk/contract/comments';
import { GUEST_NAME_MAX, type GuestCommentInput } from '@mixdesk/contract/share-links';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Input, Textarea } from '../../../ui/input';
import { mediaErrorMessage } from '../media/media-errors';
import { fieldErrorsOf } from '../project-errors';
import { postGuestComment } from './api';
import {
  type GuestCommentErrors,
  type GuestCommentValues,
  rememberedGuestName,
  rememberGuestName,
  toGuestComment,
} from './guest-comment-input';

interface Props {
  commentsUrl: string;
  duration: number;
  playhead: () => number;
  onPosted: (comment: Comment) => void;
}

export function GuestCommentForm({ commentsUrl, duration, playhead, onPosted }: Props) {
  const [values, setValues] = useState<GuestCommentValues>(() => ({
    name: rememberedGuestName(),
    body: '',
    at: '',
  }));
  /** Once the time is typed, the playhead no longer moves it. */
  const [timeTyped, setTimeTyped] = useState(false);
  const [errors, setErrors] = useState<GuestCommentErrors>({});

  const post = useMutation({
    mutationFn: (input: GuestCommentInput) => postGuestComment(commentsUrl, input),
    onSuccess: (comment, input) => {
      rememberGuestName(input.name);
      setValues((v) => ({ ...v, body: '', at: '' }));
      setTimeTyped(false);
      setErrors({});
      onPosted(comment);
    },
    onError: (failure) => setErrors(fieldErrorsOf(failure)),
  });

  const set = (patch: Partial<GuestCommentValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const rest = { ...e };
      for (const key of Object.keys(patch)) delete rest[key as keyof GuestCommentValues];
      return rest;
    });
  };
  const followPlayhead = () => {
    if (!timeTyped) set({ at: formatTimestamp(playhead()) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toGuestComment(values, playhead(), duration);
    if ('errors' in result) return setErrors(result.errors);
    post.mutate(result.input);
  };

  const failure =
    post.isError && Object.keys(fieldErrorsOf(post.error)).length === 0
      ? mediaErrorMessage(post.error, 'Failed to post the comment')
      : null;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="New comment"
      className="flex flex-col gap-3 rounded-md border border-border bg-surface-2 p-3"
    >
      <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] gap-3">
        <Field label="Your name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={values.name}
              maxLength={GUEST_NAME_MAX}
              autoComplete="name"
              onChange={(e) => set({ name: e.target.value })}
            />
          )}
        </Field>
        <Field label="At" error={errors.at}>
          {(control) => (
            <Input
              {...control}
              value={values.at}
              inputMode="numeric"
              placeholder={formatTimestamp(0)}
              className="font-mono tabular-nums"
              onChange={(e) => {
                set({ at: e.target.value });
                setTimeTyped(true);
              }}
            />
          )}
        </Field>
      </div>
      <Field label="Comment" error={errors.body}>
        {(control) => (
          <Textarea
            {...control}
            value={values.body}
            rows={3}
            maxLength={COMMENT_BODY_MAX}
            placeholder="What do you hear? The time is taken from the player."
            onFocus={followPlayhead}
            onChange={(e) => set({ body: e.target.value })}
          />
        )}
      </Field>
      {failure && <Alert type="error">{failure}</Alert>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => {
            set({ at: formatTimestamp(playhead()) });
            setTimeTyped(false);
          }}
        >
          Use playhead
        </Button>
        <Button type="submit" variant="primary" loading={post.isPending}>
          Post Comment
        </Button>
      </div>
    </form>
  );
}
