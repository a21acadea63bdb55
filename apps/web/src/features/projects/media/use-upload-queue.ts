// Uploads in flight and just finished, one after another, each with its real progress. Finished ones stay listed
// (at 100 %, or with their error) until dismissed, so people see what happened to every file they sent.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadProgress } from '../../../lib/upload';
import { mediaErrorMessage, wasCancelled } from './media-errors';

export type UploadState = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  id: number;
  name: string;
  size: number;
  /** 0 to 100. */
  percent: number;
  state: UploadState;
  error: string | null;
}

export type UploadRunner = (
  file: File,
  opts: { onProgress: (p: UploadProgress) => void; signal: AbortSignal },
) => Promise<unknown>;

export function useUploadQueue(fallbackError: string) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<Array<{ id: number; file: File; run: UploadRunner }>>([]);
  const controllers = useRef(new Map<number, AbortController>());
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
        const { id, file, run } = next;
        const controller = new AbortController();
        controllers.current.set(id, controller);
        update(id, { state: 'uploading' });
        try {
          await run(file, {
            signal: controller.signal,
            // Stops at 99 % until the server has answered: the last step is storing and checking the file.
            onProgress: (p) => update(id, { percent: Math.min(99, Math.floor(p.fraction * 100)) }),
          });
          update(id, { state: 'done', percent: 100 });
        } catch (error) {
          if (wasCancelled(error) || controller.signal.aborted) update(id, { state: 'cancelled' });
          else update(id, { state: 'failed', error: mediaErrorMessage(error, fallbackError) });
        } finally {
          controllers.current.delete(id);
        }
      }
    } finally {
      busy.current = false;
    }
  }, [fallbackError, update]);

  const add = useCallback(
    (files: File[], run: UploadRunner) => {
      const added = files.map((file) => ({ id: nextId.current++, file, run }));
      queue.current.push(...added);
      setItems((list) => [
        ...list,
        ...added.map(({ id, file }) => ({
          id,
          name: file.name,
          size: file.size,
          percent: 0,
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
      controllers.current.get(id)?.abort();
      const waiting = queue.current.findIndex((q) => q.id === id);
      if (waiting >= 0) {
        queue.current.splice(waiting, 1);
        update(id, { state: 'cancelled' });
      }
    },
    [update],
  );

  const dismiss = useCallback((id: number) => setItems((list) => list.filter((item) => item.id !== id)), []);

  // Leaving the page stops what is still uploading.
  useEffect(() => {
    const live = controllers.current;
    return () => {
      for (const controller of live.values()) controller.abort();
      queue.current = [];
    };
  }, []);

  const active = items.some((item) => item.state === 'uploading' || item.state === 'waiting');
  return { items, add, cancel, dismiss, active };
}
