// Loads pdf.js (a dynamic import: its own chunk, fetched only when a viewer opens) and the PDF at `url`;
// `retry` loads both again. The document is destroyed, with its worker, when the viewer goes or the URL
// changes; a new URL (a new revision of the same document) loads afresh.
import { useCallback, useEffect, useState } from 'react';
import type { PdfDocument } from './pdf-document';

export type PdfState =
  | { status: 'loading' }
  | { status: 'ready'; doc: PdfDocument }
  | { status: 'error'; error: unknown };

export function usePdfDocument(url: string): {
  state: PdfState;
  retry: () => void;
  fail: (e: unknown) => void;
} {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PdfState>({ status: 'loading' });

  useEffect(() => {
    // `attempt` is read so that a retry loads again.
    void attempt;
    const abort = new AbortController();
    let loaded: PdfDocument | undefined;
    setState({ status: 'loading' });
    import('./pdf-document')
      .then(({ openPdf }) => openPdf(url, abort.signal))
      .then(
        (doc) => {
          if (abort.signal.aborted) return doc.destroy();
          loaded = doc;
          setState({ status: 'ready', doc });
        },
        (error: unknown) => {
          if (!abort.signal.aborted) setState({ status: 'error', error });
        },
      );
    return () => {
      abort.abort();
      loaded?.destroy();
    };
  }, [url, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  /** A page that could not be drawn: the document is shown as not viewable, with the way to open it. */
  const fail = useCallback((error: unknown) => setState({ status: 'error', error }), []);
  return { state, retry, fail };
}
