// Uploads in flight and just finished, one after another, each with its real progress: bytes sent, speed and
// time left while it runs, Pause and Resume, Cancel. They are resumable (lib/resumable-upload.ts): a lost
// connection is tried again by itself, and the row says so meanwhile. Finished ones stay listed (at 100 %, or
// with their error) until dismissed, so people see what happened to every file they sent. Leaving the page
// while something is still sending asks first.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResumableOptions, ResumableUpload } from '../../../lib/resumable-upload';
import type { UploadProgress } from '../../../lib/upload';
import { mediaErrorMessage, wasCancelled } from './media-errors';

export type UploadState =
  | 'waiting'
  | 'uploading'
  | 'paused'
  | 'reconnecting'
  | 'processing'
  | 'done'
  | 'failed'
  | 'cancelled';

export interface UploadItem {
  id: number;
  name: string;
  size: number;
  /** 0 to 100. */
  percent: number;
  /** Bytes the server has acknowledged. */
  sent: number;
  /** Bytes per second over the last few seconds; null until known. */
  speed: number | null;
  /** Seconds left at that speed; null until known. */
  secondsLeft: number | null;
  state: UploadState;
  error: string | null;
}

/** Starts one file's upload; the queue drives it (progress, pause, resume, cancel) and waits for `done`. */
export type UploadStarter = (file: File, opts: ResumableOptions) => ResumableUpload;

/** The speed is measured over this window of progress reports. */
const SPEED_WINDOW_MS = 4000;

/** Bytes per second from progress samples of the last few seconds. */
export function speedOf(samples: readonly { at: number; loaded: number }[]): number | null {
  const last = samples[samples.length - 1];
  const first = samples[0];
  if (!last || !first || last.at - first.at < 500) return null;
  return ((last.loaded - first.loaded) * 1000) / (last.at - first.at);
}

export function useUploadQueue(fallbackError: string) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<Array<{ id: number; file: File; start: UploadStarter; after?: () => void }>>([]);
  const running = useRef(new Map<number, ResumableUpload>());
  const busy = useRef(false);
  const nextId = useRef(1);

  const update = useCallback((id: number, patch: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const pump = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        const { id, file, start, after } = next;
        const samples: { at: number; loaded: number }[] = [];
        update(id, { state: 'uploading' });
        const onProgress = (p: UploadProgress) => {
          const at = performance.now();
          samples.push({ at, loaded: p.loaded });
          while (samples.length > 2 && at - (samples[0]?.at ?? at) > SPEED_WINDOW_MS) samples.shift();
          const speed = speedOf(samples);
          update(id, {
            // Stops at 99 % until the server is done: the last step is checking and storing the file.
            percent: Math.min(99, Math.floor(p.fraction * 100)),
            sent: p.loaded,
            speed,
            secondsLeft: speed && speed > 0 ? Math.ceil((p.total - p.loaded) / speed) : null,
          });
        };
        const upload = start(file, {
          onProgress,
          onRetrying: (retrying) =>
            setItems((list) =>
              list.map((item) => {
                if (item.id !== id || item.state === 'paused') return item;
                if (retrying) return { ...item, state: 'reconnecting', speed: null, secondsLeft: null };
                return item.state === 'reconnecting' ? { ...item, state: 'uploading' } : item;
              }),
            ),
          onProcessing: () =>
            update(id, { state: 'processing', percent: 99, sent: file.size, secondsLeft: null }),
        });
        running.current.set(id, upload);
        try {
          await upload.done;
          update(id, { state: 'done', percent: 100, sent: file.size, secondsLeft: null });
          after?.();
        } catch (error) {
          if (wasCancelled(error)) update(id, { state: 'cancelled' });
          else update(id, { state: 'failed', error: mediaErrorMessage(error, fallbackError) });
        } finally {
          running.current.delete(id);
        }
      }
    } finally {
      busy.current = false;
    }
  }, [fallbackError, update]);

  const add = useCallback(
    (files: File[], start: UploadStarter, after?: () => void) => {
      const added = files.map((file) => ({ id: nextId.current++, file, start, after }));
      queue.current.push(...added);
      setItems((list) => [
        ...list,
        ...added.map(({ id, file }) => ({
          id,
          name: file.webkitRelativePath || file.name,
          size: file.size,
          percent: 0,
          sent: 0,
          speed: null,
          secondsLeft: null,
          state: 'waiting' as const,
          error: null,
        })),
      ]);
      void pump();
    },
    [pump],
  );

  const cancel = useCallback(
    (id: number) => {
      void running.current.get(id)?.cancel();
      const waiting = queue.current.findIndex((q) => q.id === id);
      if (waiting >= 0) {
        queue.current.splice(waiting, 1);
        update(id, { state: 'cancelled' });
      }
    },
    [update],
  );

  const pause = useCallback(
    (id: number) => {
      running.current.get(id)?.pause();
      update(id, { state: 'paused', speed: null, secondsLeft: null });
    },
    [update],
  );

  const resume = useCallback(
    (id: number) => {
      running.current.get(id)?.resume();
      update(id, { state: 'uploading' });
    },
    [update],
  );

  const dismiss = useCallback((id: number) => setItems((list) => list.filter((item) => item.id !== id)), []);

  const active = items.some((item) => !['done', 'failed', 'cancelled'].includes(item.state));

  // Leaving the page while something is still sending asks first (what arrived stays, and resumes when
  // the same file is chosen again).
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  // Leaving the screen pauses what is still sending (the server keeps it; choosing the file again resumes it).
  useEffect(() => {
    const live = running.current;
    return () => {
      for (const upload of live.values()) upload.pause();
      queue.current = [];
    };
  }, []);

  return { items, add, cancel, pause, resume, dismiss, active };
}
