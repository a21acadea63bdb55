// The PDF viewer's zoom and the resolution its pages are drawn at: plain numbers, no pdf.js, so they are
// in the first load of nothing and tested on their own.

/** Zoom levels, as multiples of the width that fits the viewer (1: a page is exactly as wide as the viewer). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;
export const FIT_WIDTH = 1;

/** The next level up from `zoom`, or `zoom` itself at the top. */
export function zoomIn(zoom: number): number {
  return ZOOM_STEPS.find((step) => step > zoom + 1e-9) ?? zoom;
}

/** The next level down from `zoom`, or `zoom` itself at the bottom. */
export function zoomOut(zoom: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-9) ?? zoom;
}

export const canZoomIn = (zoom: number) => zoomIn(zoom) !== zoom;
export const canZoomOut = (zoom: number) => zoomOut(zoom) !== zoom;

/**
 * The most device pixels one page's canvas may hold: 2^23, 32 MB of bitmap. iOS Safari draws no canvas over
 * 2^24 pixels and caps the memory of all canvases together, so a contract of a few pages zoomed in on a 3x
 * phone screen must stay well under it; such a page is drawn a little softer instead (still over 2 device
 * pixels per CSS pixel at three times the width of a phone).
 */
export const MAX_CANVAS_PIXELS = 8_388_608;

/**
 * Device pixels per CSS pixel to draw a page of `cssWidth` × `cssHeight` CSS pixels with: the screen's
 * density, so text is crisp, but never more than the canvas can hold (nor less than one for a usable screen).
 */
export function outputScale(
  cssWidth: number,
  cssHeight: number,
  devicePixelRatio: number,
  maxPixels = MAX_CANVAS_PIXELS,
): number {
  const wanted = Math.max(1, Number.isFinite(devicePixelRatio) ? devicePixelRatio : 1);
  const area = cssWidth * cssHeight;
  if (area <= 0) return wanted;
  const cap = Math.sqrt(maxPixels / area);
  return Math.min(wanted, cap);
}
