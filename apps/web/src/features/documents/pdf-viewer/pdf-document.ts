// pdf.js behind a small interface, for the PDF viewer (pdf-viewer.tsx) only: use-pdf-document.ts imports this
// module dynamically, so pdf.js (and its worker, a separate file) is fetched when a viewer first opens (the
// signing page, a document's PDF tab) and is in no other chunk. The legacy build: the modern one calls APIs
// only the newest browsers have (Map.getOrInsertComputed, …), and a signer may open the link on any phone. The worker is our own file, from our origin, so the page's
// CSP (worker-src falls back to script-src 'self') lets it run without a blob: URL.
import {
  GlobalWorkerOptions,
  getDocument,
  type PDFPageProxy,
  RenderingCancelledException,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfPage {
  /** 1-based. */
  number: number;
  /** Size at 100 %, in CSS pixels (a PDF point each). */
  width: number;
  height: number;
  /**
   * Draws the page `cssWidth` CSS pixels wide at `scale` device pixels per CSS pixel onto a canvas of its own,
   * then copies it onto `canvas` in one go, so what is shown is never blank while a new size is drawn.
   * Resolves false when cancelled through `signal`.
   */
  draw(canvas: HTMLCanvasElement, cssWidth: number, scale: number, signal: AbortSignal): Promise<boolean>;
}

export interface PdfDocument {
  pages: PdfPage[];
  destroy(): void;
}

function pageOf(page: PDFPageProxy): PdfPage {
  const base = page.getViewport({ scale: 1 });
  return {
    number: page.pageNumber,
    width: base.width,
    height: base.height,
    async draw(canvas, cssWidth, scale, signal) {
      if (signal.aborted) return false;
      const viewport = page.getViewport({ scale: (cssWidth / base.width) * scale });
      const scratch = document.createElement('canvas');
      scratch.width = Math.floor(viewport.width);
      scratch.height = Math.floor(viewport.height);
      const task = page.render({ canvas: scratch, viewport });
      const cancel = () => task.cancel();
      signal.addEventListener('abort', cancel, { once: true });
      try {
        await task.promise;
      } catch (error) {
        if (error instanceof RenderingCancelledException || signal.aborted) return false;
        throw error;
      } finally {
        signal.removeEventListener('abort', cancel);
      }
      if (signal.aborted) return false;
      canvas.width = scratch.width;
      canvas.height = scratch.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('This browser cannot draw on a canvas');
      context.drawImage(scratch, 0, 0);
      // Let the browser reclaim the scratch bitmap now rather than at the next collection.
      scratch.width = 0;
      scratch.height = 0;
      return true;
    },
  };
}

/**
 * Loads the PDF at `url` and reads the size of every page; aborting `signal` stops it. pdf.js fetches it with
 * `credentials: 'same-origin'`, so a same-origin address carries the page's cookies: the owner's inline PDF is
 * authenticated by the access cookie. Our PDFs embed their fonts and use no wasm decoders, so pdf.js needs no
 * font, CMap or wasm files. `isEvalSupported: false`: the CSP has no 'unsafe-eval', and pdf.js would otherwise
 * try it and log a violation.
 */
export async function openPdf(url: string, signal: AbortSignal): Promise<PdfDocument> {
  signal.throwIfAborted();
  const task = getDocument({ url, isEvalSupported: false, enableXfa: false });
  const destroy = () => void task.destroy();
  signal.addEventListener('abort', destroy, { once: true });
  try {
    const doc = await task.promise;
    const pages = await Promise.all(
      Array.from({ length: doc.numPages }, (_, i) => doc.getPage(i + 1).then(pageOf)),
    );
    signal.throwIfAborted();
    return { pages, destroy };
  } catch (error) {
    destroy();
    throw error;
  } finally {
    signal.removeEventListener('abort', destroy);
  }
}
