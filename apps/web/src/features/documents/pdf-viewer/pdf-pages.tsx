// The PDF's pages, one canvas each, under one another: at zoom 1 the widest page is exactly as wide as the
// viewer, on a phone as on a desktop; zoomed in, the viewer scrolls sideways. Each canvas is drawn at the
// screen's pixel density (within what a canvas can hold) and drawn again when its size or the density changes.
import { type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { PdfDocument, PdfPage } from './pdf-document';
import { outputScale } from './pdf-zoom';

/** The content width of `ref`'s element in whole CSS pixels, kept up to date; 0 before it is laid out. */
export function useContentWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** window.devicePixelRatio, updated when it changes (browser zoom, a window moved to another screen). */
function subscribeToPixelRatio(onChange: () => void) {
  let query: MediaQueryList | undefined;
  const listen = () => {
    query?.removeEventListener('change', update);
    query = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    query.addEventListener('change', update);
  };
  const update = () => {
    listen();
    onChange();
  };
  listen();
  return () => query?.removeEventListener('change', update);
}
const usePixelRatio = () =>
  useSyncExternalStore(
    subscribeToPixelRatio,
    () => window.devicePixelRatio || 1,
    () => 1,
  );

interface Props {
  doc: PdfDocument;
  /** Width of the viewer's content box: what zoom 1 fills. */
  fitWidth: number;
  zoom: number;
  onError: (error: unknown) => void;
}

export function PdfPages({ doc, fitWidth, zoom, onError }: Props) {
  const pixelRatio = usePixelRatio();
  const widest = Math.max(...doc.pages.map((page) => page.width));
  const cssPerPoint = (fitWidth * zoom) / widest;
  return (
    <div className="mx-auto flex w-max min-w-full flex-col items-center gap-3 sm:gap-4">
      {doc.pages.map((page) => (
        <PageCanvas
          key={page.number}
          page={page}
          total={doc.pages.length}
          cssWidth={Math.floor(page.width * cssPerPoint)}
          pixelRatio={pixelRatio}
          onError={onError}
        />
      ))}
    </div>
  );
}

interface PageProps {
  page: PdfPage;
  total: number;
  cssWidth: number;
  pixelRatio: number;
  onError: (error: unknown) => void;
}

function PageCanvas({ page, total, cssWidth, pixelRatio, onError }: PageProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const cssHeight = (cssWidth * page.height) / page.width;
  const scale = outputScale(cssWidth, cssHeight, pixelRatio);
  const wanted = `${cssWidth}@${scale}`;
  /** What the canvas holds now: until the wanted size is drawn, the last one, stretched, stays on show. */
  const [drawn, setDrawn] = useState('');

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || cssWidth <= 0) return;
    const abort = new AbortController();
    page.draw(canvas, cssWidth, scale, abort.signal).then(
      (done) => {
        if (done) setDrawn(`${cssWidth}@${scale}`);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) onError(error);
      },
    );
    return () => abort.abort();
  }, [page, cssWidth, scale, onError]);

  return (
    <canvas
      ref={ref}
      role="img"
      aria-label={`Page ${page.number} of ${total}`}
      // For tests and tools: whether the bitmap is the one for the size shown.
      data-drawn={drawn === wanted ? 'true' : 'false'}
      width={0}
      height={0}
      style={{ width: cssWidth, height: cssHeight }}
      className="block max-w-none bg-white shadow-md ring-1 ring-border"
    />
  );
}
