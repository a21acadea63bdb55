import { describe, expect, it } from 'vitest';
import {
  canZoomIn,
  canZoomOut,
  FIT_WIDTH,
  MAX_CANVAS_PIXELS,
  outputScale,
  ZOOM_STEPS,
  zoomIn,
  zoomOut,
} from './pdf-zoom';

describe('zoom steps', () => {
  it('go up and down one level at a time from fit width', () => {
    expect(zoomIn(FIT_WIDTH)).toBe(1.25);
    expect(zoomIn(1.25)).toBe(1.5);
    expect(zoomOut(FIT_WIDTH)).toBe(0.75);
    expect(zoomOut(0.75)).toBe(0.5);
  });

  it('stop at the ends', () => {
    const top = ZOOM_STEPS.at(-1) ?? Number.NaN;
    const bottom = ZOOM_STEPS[0];
    expect(zoomIn(top)).toBe(top);
    expect(canZoomIn(top)).toBe(false);
    expect(canZoomOut(top)).toBe(true);
    expect(zoomOut(bottom)).toBe(bottom);
    expect(canZoomOut(bottom)).toBe(false);
    expect(canZoomIn(bottom)).toBe(true);
  });

  it('go to the nearest level from a zoom between levels', () => {
    expect(zoomIn(1.1)).toBe(1.25);
    expect(zoomOut(1.1)).toBe(1);
  });
});

describe('outputScale', () => {
  it("draws at the screen's density", () => {
    expect(outputScale(390, 505, 3)).toBe(3);
    expect(outputScale(800, 1035, 1)).toBe(1);
    expect(outputScale(800, 1035, 1.5)).toBe(1.5);
  });

  it('never draws below one device pixel per CSS pixel', () => {
    expect(outputScale(390, 505, 0.5)).toBe(1);
    expect(outputScale(390, 505, Number.NaN)).toBe(1);
  });

  it('keeps a zoomed-in page on a dense screen within what a canvas can hold', () => {
    // A phone's page at twice its width fits at 3x (2340 × 3030 = 7.1M device pixels)...
    expect(outputScale(780, 1010, 3)).toBe(3);
    // ...at three times its width it would not (3510 × 4545 = 16M): it is drawn at what fits, still over 2x.
    const scale = outputScale(1170, 1515, 3);
    expect(scale).toBeLessThan(3);
    expect(scale).toBeGreaterThan(2);
    expect(1170 * scale * 1515 * scale).toBeLessThanOrEqual(MAX_CANVAS_PIXELS + 1);
    expect(1170 * scale * 1515 * scale).toBeGreaterThan(MAX_CANVAS_PIXELS * 0.99);
  });
});
