// The time fields of a comment form (the team's comment box and a guest's on a share link): "At" and an
// optional "Until" as typed (m:ss), read into seconds or into the message the person sees.
import { formatTimestamp, parseTimestamp } from '@mixdesk/contract/comments';

export type CommentTimes = { at: number; end: number | null } | { error: string };

/** Reads the typed times against the track's length (0 when not known yet: nothing to check against). */
export function readCommentTimes(at: string, end: string, duration: number): CommentTimes {
  const start = parseTimestamp(at);
  if (start === null) return { error: 'Time must look like 1:12' };
  if (duration > 0 && start > duration)
    return { error: `Time must be within the track (${formatTimestamp(duration)})` };
  if (!end.trim()) return { at: start, end: null };
  const until = parseTimestamp(end);
  if (until === null) return { error: 'Until must look like 1:20, or be left empty' };
  if (until <= start) return { error: 'Until must be after the time' };
  return { at: start, end: duration > 0 ? Math.min(until, duration) : until };
}
