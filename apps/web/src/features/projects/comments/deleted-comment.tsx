// A thread's first comment its author deleted after others replied: a greyed "Comment deleted" where it was,
// with its time, and nothing to do with it; the replies under it keep their own actions.
import { type Comment, formatTimestamp } from '@mixdesk/contract/comments';
import { MessageSquareOff } from 'lucide-react';

export function DeletedComment({ comment: c }: { comment: Comment }) {
  return (
    <article aria-label={`Deleted comment at ${formatTimestamp(c.at)}`} className="flex items-center gap-2.5">
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full border border-dashed border-border text-muted"
      >
        <MessageSquareOff className="size-3.5" />
      </span>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
        <span className="italic">Comment deleted</span>
        <span className="font-mono tabular-nums">
          {formatTimestamp(c.at)}
          {c.end !== null && `–${formatTimestamp(c.end)}`}
        </span>
      </p>
    </article>
  );
}
