// A version's comments on the player: a faint line (or a band for a range) over the waveform at each thread's
// time, and under it a lane of markers, one per thread, that seek there and open the thread. A thread carried
// from an earlier version (issue #35) is drawn in the warning colour, its marker tagged "from <label>".
import { type Comment, formatTimestamp } from '@mixdesk/contract/comments';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { cn } from '../../../ui/cn';

const percent = (seconds: number, duration: number) =>
  duration > 0 ? `${Math.min(100, Math.max(0, (seconds / duration) * 100))}%` : '0%';

const width = (c: Comment, duration: number) =>
  c.end !== null && duration > 0
    ? `${Math.max(0.4, ((Math.min(c.end, duration) - c.at) / duration) * 100)}%`
    : undefined;

/** Over the waveform: decorative, the slider underneath keeps every click. */
export function CommentBands({ threads, duration }: { threads: Comment[]; duration: number }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0" data-testid="comment-bands">
      {threads.map((c) =>
        c.end !== null ? (
          <div
            key={c._id}
            className={cn('absolute inset-y-0 rounded-sm', c.carriedFrom ? 'bg-warning/20' : 'bg-info/20')}
            style={{ left: percent(c.at, duration), width: width(c, duration) }}
          />
        ) : (
          <div
            key={c._id}
            className={cn('absolute inset-y-0 w-px', c.carriedFrom ? 'bg-warning/70' : 'bg-info/70')}
            style={{ left: percent(c.at, duration) }}
          />
        ),
      )}
    </div>
  );
}

/** Under the waveform: a marker per thread (its author's avatar); a range also shows its band here. */
export function CommentLane({
  threads,
  duration,
  openId,
  onOpen,
}: {
  threads: Comment[];
  duration: number;
  openId: string | null;
  onOpen: (comment: Comment) => void;
}) {
  if (threads.length === 0) return null;
  return (
    <ul className="relative -mt-1 h-7" aria-label="Comment markers">
      {threads.map((c) => (
        <li key={c._id}>
          {c.end !== null && (
            <div
              aria-hidden="true"
              className={cn(
                'absolute top-3 h-1 rounded-full',
                c.carriedFrom ? 'bg-warning/40' : 'bg-info/40',
              )}
              style={{ left: percent(c.at, duration), width: width(c, duration) }}
            />
          )}
          <button
            type="button"
            onClick={() => onOpen(c)}
            aria-label={`${c.deleted ? 'Deleted comment' : `Comment by ${c.author.name}`} at ${formatTimestamp(c.at)}${c.resolved ? ' (resolved)' : ''}${c.carriedFrom ? `, from ${c.carriedFrom.label}` : ''}`}
            aria-pressed={openId === c._id}
            className={cn(
              'absolute top-0 -translate-x-1/2 rounded-full ring-2 ring-surface transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-focus',
              c.carriedFrom && 'ring-warning',
              openId === c._id && 'ring-accent',
              (c.resolved || c.deleted) && 'opacity-50',
            )}
            style={{ left: percent(c.at, duration) }}
          >
            <Avatar src={c.author.avatarUrl} name={c.author.name} size="sm" />
            {c.carriedFrom && (
              <Badge
                tone="warning"
                aria-hidden="true"
                className={cn(
                  'absolute top-0.5 max-w-28',
                  // Toward the end of the track the tag goes on the left, inside the lane.
                  duration > 0 && c.at / duration > 0.75 ? 'right-full mr-1' : 'left-full ml-1',
                )}
              >
                <span className="truncate">from {c.carriedFrom.label}</span>
              </Badge>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
