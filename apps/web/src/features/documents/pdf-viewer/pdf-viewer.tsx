// A PDF drawn in the page by pdf.js, one canvas per page, on every width: phone browsers show nothing, or only a
// first page, of a PDF in a frame. The pages fit the viewer's width and zoom in and out from there; a zoom bar
// with the page count sits on top and stays in view while the pages scroll. Where it sits decides how it
// scrolls: given a height (className), the viewer is a box that scrolls itself; without one the pages run down
// whatever scrolls around it (the page on a phone, a dialog's body) and only sideways scrolling is its own.
// pdf.js itself is loaded lazily (use-pdf-document.ts), so nothing of it is in a first load.
import { ExternalLink, MoveHorizontal, RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Spinner } from '../../../ui/spinner';
import { PdfPages, useContentWidth } from './pdf-pages';
import { canZoomIn, canZoomOut, FIT_WIDTH, zoomIn, zoomOut } from './pdf-zoom';
import { usePdfDocument } from './use-pdf-document';

interface Props {
  /** The PDF's address; on our own origin pdf.js sends the page's cookies with it. */
  src: string;
  /** The frame's place: its margins, borders and, for a box that scrolls itself, its height. */
  className?: string;
  /** Extra classes for the box of pages (the part that scrolls sideways, and up and down given a height). */
  pagesClassName?: string;
  /**
   * Where the zoom bar stops as the pages scroll by, a `top-*` class: sticky positions keep clear of the
   * scrolling box's padding, so inside a padded one (a dialog's body) a negative top takes it to the very edge.
   */
  toolbarTop?: string;
  /** What to do instead, when the pages cannot be loaded or drawn: the text under the error's title. */
  unavailable: ReactNode;
}

/** Where the middle of what was on screen sat in the pages, as fractions, to bring it back after a zoom. */
interface ZoomAnchor {
  zoom: number;
  /** What scrolls the pages up and down. */
  scroller: Element;
  x: number;
  y: number;
  fx: number;
  fy: number;
}

/** What scrolls `box` up and down: itself when it is a box that scrolls, else the nearest ancestor that does
 * (a dialog's body), else the document. */
function verticalScroller(box: HTMLElement): Element {
  if (box.scrollHeight > box.clientHeight) return box;
  for (let element = box.parentElement; element; element = element.parentElement) {
    const { overflowY } = getComputedStyle(element);
    if ((overflowY === 'auto' || overflowY === 'scroll') && element.scrollHeight > element.clientHeight)
      return element;
  }
  return document.scrollingElement ?? document.documentElement;
}

/** The part of the window, top and bottom, that `scroller` shows. */
function visibleSpan(scroller: Element): [number, number] {
  if (scroller === document.scrollingElement) return [0, window.innerHeight];
  const { top, bottom } = scroller.getBoundingClientRect();
  return [Math.max(top, 0), Math.min(bottom, window.innerHeight)];
}

export function PdfViewer({ src, className, pagesClassName, toolbarTop = 'top-0', unavailable }: Props) {
  const { state, retry, fail } = usePdfDocument(src);
  const [zoom, setZoom] = useState(FIT_WIDTH);
  const box = useRef<HTMLElement>(null);
  const fitWidth = useContentWidth(box);
  const anchor = useRef<ZoomAnchor | null>(null);

  const changeZoom = (next: number) => {
    const element = box.current;
    const pages = element?.firstElementChild;
    if (element && pages) {
      const scroller = verticalScroller(element);
      const [top, bottom] = visibleSpan(scroller);
      const outer = element.getBoundingClientRect();
      const inner = pages.getBoundingClientRect();
      const x = outer.left + element.clientWidth / 2;
      const y = (Math.max(outer.top, top) + Math.min(outer.bottom, bottom)) / 2;
      anchor.current = {
        zoom: next,
        scroller,
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
    const element = box.current;
    const pages = element?.firstElementChild;
    if (!at || at.zoom !== zoom || !element || !pages) return;
    anchor.current = null;
    const inner = pages.getBoundingClientRect();
    element.scrollLeft += inner.left + at.fx * inner.width - at.x;
    at.scroller.scrollTop += inner.top + at.fy * inner.height - at.y;
  }, [zoom]);

  const pageCount = state.status === 'ready' ? state.doc.pages.length : 0;
  return (
    <div className={cn('flex min-w-0 flex-col border-border bg-surface-2', className)}>
      {state.status === 'ready' && (
        <fieldset
          aria-label="Zoom"
          className={cn(
            'sticky z-10 flex items-center justify-between gap-2 border-b border-border bg-surface py-1 pr-2 pl-3 sm:rounded-t-md',
            toolbarTop,
          )}
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
        ref={box}
        aria-label="Document pages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box of canvases has nothing focusable, so it takes the focus itself for arrow-key scrolling (WCAG 2.1.1)
        tabIndex={0}
        className={cn(
          'min-h-0 flex-1 overflow-auto px-2 py-3 outline-none focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-inset sm:p-4',
          pagesClassName,
        )}
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
            {unavailable}
          </Alert>
        )}
      </section>
    </div>
  );
}
