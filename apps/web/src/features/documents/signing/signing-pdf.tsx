// The document itself (GET /api/sign/:token/pdf), drawn in the page by pdf.js as one canvas per page, on every
// width: phone browsers show nothing, or only a first page, of a PDF in a frame. The pages fit the viewer's
// width and zoom in and out from there; beside the panel on wide screens the viewer is a tall box that scrolls,
// on a phone the pages run down the page and the zoom bar stays at the top while you read. Open PDF opens the
// file in the browser's own viewer, and is the way to read it when it cannot be drawn here.
import { ExternalLink, MoveHorizontal, RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { signingPdfUrl } from './api';
import { PdfPages, useContentWidth } from './pdf-pages';
import { canZoomIn, canZoomOut, FIT_WIDTH, zoomIn, zoomOut } from './pdf-zoom';
import { usePdfDocument } from './use-pdf-document';

/** Where the middle of what was on screen sat in the pages, as fractions, to bring it back after a zoom. */
interface ZoomAnchor {
  zoom: number;
  x: number;
  y: number;
  fx: number;
  fy: number;
}

export function SigningPdf({ token }: { token: string }) {
  const headingId = useId();
  const src = signingPdfUrl(token);
  const { state, retry, fail } = usePdfDocument(src);
  const [zoom, setZoom] = useState(FIT_WIDTH);
  const scroller = useRef<HTMLElement>(null);
  const fitWidth = useContentWidth(scroller);
  const anchor = useRef<ZoomAnchor | null>(null);

  const changeZoom = (next: number) => {
    const box = scroller.current;
    const pages = box?.firstElementChild;
    if (box && pages) {
      const outer = box.getBoundingClientRect();
      const inner = pages.getBoundingClientRect();
      const x = outer.left + box.clientWidth / 2;
      const y = (Math.max(outer.top, 0) + Math.min(outer.bottom, window.innerHeight)) / 2;
      anchor.current = {
        zoom: next,
        x,
        y,
        fx: (x - inner.left) / inner.width,
        fy: (y - inner.top) / inner.height,
      };
    }
    setZoom(next);
  };

  // After a zoom, scroll so that the spot that was in the middle of the view is there again.
  useLayoutEffect(() => {
    const at = anchor.current;
    const box = scroller.current;
    const pages = box?.firstElementChild;
    if (!at || at.zoom !== zoom || !box || !pages) return;
    anchor.current = null;
    const inner = pages.getBoundingClientRect();
    box.scrollLeft += inner.left + at.fx * inner.width - at.x;
    const dy = inner.top + at.fy * inner.height - at.y;
    if (box.scrollHeight > box.clientHeight) box.scrollTop += dy;
    else window.scrollBy(0, dy);
  }, [zoom]);

  const pageCount = state.status === 'ready' ? state.doc.pages.length : 0;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold tracking-wide text-muted uppercase">
          Document
        </h2>
        <Button asChild size="sm">
          <a href={src} target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" />
            Open PDF
          </a>
        </Button>
      </div>
      {/* On a phone the viewer spans the screen's width (the page's own padding is 1rem): every pixel counts. */}
      <div className="-mx-4 flex flex-col border-y border-border bg-surface-2 sm:mx-0 sm:rounded-md sm:border lg:h-[calc(100dvh-9rem)] lg:min-h-[40rem]">
        {state.status === 'ready' && (
          <fieldset
            aria-label="Zoom"
            className="sticky top-0 z-10 flex items-center justify-between gap-2 border-b border-border bg-surface py-1 pr-2 pl-3 sm:rounded-t-md"
          >
            <p className="text-sm text-muted">
              {pageCount} {pageCount === 1 ? 'page' : 'pages'}
            </p>
            <div className="flex items-center gap-0.5">
              <Button
                variant="ghost"
                size="icon"
                className="size-10 sm:size-8"
                aria-label="Zoom out"
                disabled={!canZoomOut(zoom)}
                onClick={() => changeZoom(zoomOut(zoom))}
              >
                <ZoomOut aria-hidden="true" />
              </Button>
              <output aria-live="polite" className="w-11 text-center text-sm text-text tabular-nums">
                <span className="sr-only">Zoom </span>
                {Math.round(zoom * 100)}%
              </output>
              <Button
                variant="ghost"
                size="icon"
                className="size-10 sm:size-8"
                aria-label="Zoom in"
                disabled={!canZoomIn(zoom)}
                onClick={() => changeZoom(zoomIn(zoom))}
              >
                <ZoomIn aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="h-10 sm:h-8"
                disabled={zoom === FIT_WIDTH}
                onClick={() => changeZoom(FIT_WIDTH)}
              >
                <MoveHorizontal aria-hidden="true" />
                Fit width
              </Button>
            </div>
          </fieldset>
        )}
        <section
          ref={scroller}
          aria-label="Document pages"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box of canvases has nothing focusable, so it takes the focus itself for arrow-key scrolling (WCAG 2.1.1)
          tabIndex={0}
          className="min-h-0 flex-1 overflow-auto px-2 py-3 [scrollbar-gutter:stable] outline-none focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-inset sm:p-4"
        >
          {state.status === 'ready' && fitWidth > 0 && (
            <PdfPages doc={state.doc} fitWidth={fitWidth} zoom={zoom} onError={fail} />
          )}
          {state.status === 'loading' && (
            <div className="mx-auto grid aspect-[8.5/11] w-full max-w-full place-items-center rounded-sm bg-surface-3">
              <p role="status" className="flex items-center gap-2 text-base text-muted">
                <Spinner />
                Loading the document…
              </p>
            </div>
          )}
          {state.status === 'error' && (
            <Alert
              type="error"
              title="This document can't be shown here"
              action={
                <div className="flex flex-wrap gap-2">
                  <Button asChild size="sm" variant="primary">
                    <a href={src} target="_blank" rel="noopener">
                      <ExternalLink aria-hidden="true" />
                      Open the PDF instead
                    </a>
                  </Button>
                  <Button size="sm" onClick={retry}>
                    <RotateCw aria-hidden="true" />
                    Try again
                  </Button>
                </div>
              }
            >
              Its pages could not be loaded or drawn in this browser. Open the PDF to read it in your
              browser's own viewer, then come back here to sign.
            </Alert>
          )}
        </section>
      </div>
    </section>
  );
}
