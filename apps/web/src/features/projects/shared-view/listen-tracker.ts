// How far each listen of a shared version got, for the link's access log. A listen starts with the first Play
// and runs until the track ends or the page moves on (another track, leaving); pausing and playing again is
// the same listen. Its furthest point is reported on pause, at the end, before a seek jumps away and when the
// page is hidden — each time only if it got further, so the server (which keeps the furthest) hears little.
import type { PlaybackEvent } from '../tracks/track-player';

export interface ListenReport {
  /** Made by the page, one per listen (8 to 64 letters, digits, - or _). */
  listenId: string;
  seconds: number;
}

export interface ListenTracker {
  /** What the audio did, with the playhead's seconds. */
  observe(event: PlaybackEvent, seconds: number): void;
  /** Reports the listen so far (the page is being hidden). */
  flush(): void;
  /** Reports and closes the listen (another track, leaving the page). */
  finish(): void;
  /**
   * The id of the listen under way, or of the next one (made now, kept for its first Play): the audio's URL
   * names it, so the server's log of the stream and these reports are one listen.
   */
  id(): string;
}

/** A fresh listen id: 32 hex digits from the browser's random source (which, unlike randomUUID, plain http has). */
export function newListenId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Tenths of a second are plenty for "how far", and keep the numbers readable. */
const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

export function createListenTracker(
  send: (report: ListenReport) => void,
  newId: () => string = newListenId,
): ListenTracker {
  let listenId: string | null = null;
  let playing = false;
  let furthest = 0;
  /** The furthest point already reported for this listen (nothing before the playhead has moved). */
  let reported = 0;

  const reach = (seconds: number) => {
    if (Number.isFinite(seconds)) furthest = Math.max(furthest, tenths(seconds));
  };
  const flush = () => {
    if (listenId === null || furthest <= reported) return;
    reported = furthest;
    send({ listenId, seconds: furthest });
  };
  const finish = () => {
    flush();
    listenId = null;
    playing = false;
    furthest = 0;
    reported = 0;
  };

  return {
    observe(event, seconds) {
      switch (event) {
        case 'play':
          listenId ??= newId();
          playing = true;
          reach(seconds);
          break;
        case 'progress':
          // A seek while paused moves the playhead without anyone listening to it.
          if (playing) reach(seconds);
          break;
        case 'pause':
          if (playing) reach(seconds);
          playing = false;
          flush();
          break;
        case 'ended':
          reach(seconds);
          finish();
          break;
        case 'seeking':
          // The playhead is already at the new spot: report what was reached before the jump.
          flush();
          break;
      }
    },
    flush,
    finish,
    id: () => {
      listenId ??= newId();
      return listenId;
    },
  };
}
