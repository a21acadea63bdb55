// The drawing behind the signature pad: strokes from pointer events (mouse, pen and touch alike), kept in
// units of the pad's width so a resized pad (a phone turned) redraws the same signature, and exported as a
// PNG cropped to the ink, in pen ink on a transparent ground, however the pad itself looks in the theme.
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';

type Point = { x: number; y: number };
type Stroke = Point[];

/** Stroke width as a share of the pad's width. */
const LINE = 0.008;
/** The exported image is drawn as if the pad were this many pixels wide, then cropped. */
const EXPORT_WIDTH = 1000;
/** Pen ink, as the PDF prints a typed signature. */
export const PEN_INK = '#1f3a6e';

function paint(ctx: CanvasRenderingContext2D, strokes: Stroke[], scale: number, color: string) {
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = LINE * scale;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    if (rest.length === 0) {
      // A tap leaves a dot.
      ctx.beginPath();
      ctx.arc(first.x * scale, first.y * scale, (LINE * scale) / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.beginPath();
    ctx.moveTo(first.x * scale, first.y * scale);
    for (const p of rest) ctx.lineTo(p.x * scale, p.y * scale);
    ctx.stroke();
  }
}

/** The drawing, cropped to its ink with a margin, as a PNG data URL. */
function exportPng(strokes: Stroke[]): string {
  const points = strokes.flat();
  const margin = LINE * 2;
  const left = Math.max(0, Math.min(...points.map((p) => p.x)) - margin);
  const top = Math.max(0, Math.min(...points.map((p) => p.y)) - margin);
  const right = Math.max(...points.map((p) => p.x)) + margin;
  const bottom = Math.max(...points.map((p) => p.y)) + margin;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil((right - left) * EXPORT_WIDTH));
  canvas.height = Math.max(1, Math.ceil((bottom - top) * EXPORT_WIDTH));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is not available');
  ctx.translate(-left * EXPORT_WIDTH, -top * EXPORT_WIDTH);
  paint(ctx, strokes, EXPORT_WIDTH, PEN_INK);
  return canvas.toDataURL('image/png');
}

export function useSignaturePad() {
  // A state, not a ref: the pad may mount again (switching tabs) and must be observed afresh.
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const strokes = useRef<Stroke[]>([]);
  const active = useRef<number | null>(null);
  const [empty, setEmpty] = useState(true);

  /** Sizes the bitmap to the pad on screen (sharp on dense screens) and paints every stroke in the theme's ink. */
  const redraw = useCallback(() => {
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const { width, height } = canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const w = Math.round(width * ratio);
    const h = Math.round(height * ratio);
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    paint(ctx, strokes.current, w, getComputedStyle(canvas).color);
  }, [canvas]);

  useEffect(() => {
    if (!canvas) return;
    redraw();
    const resized = new ResizeObserver(() => redraw());
    resized.observe(canvas);
    // The ink follows the theme: a toggle or the system switching between light and dark repaints it.
    const themed = new MutationObserver(() => redraw());
    themed.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', redraw);
    return () => {
      resized.disconnect();
      themed.disconnect();
      scheme.removeEventListener('change', redraw);
    };
  }, [canvas, redraw]);

  const pointOf = (event: { clientX: number; clientY: number }): Point => {
    const rect = canvas!.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.width };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    active.current = event.pointerId;
    strokes.current.push([pointOf(event)]);
    setEmpty(false);
    redraw();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (active.current !== event.pointerId) return;
    event.preventDefault();
    const stroke = strokes.current.at(-1);
    if (!stroke) return;
    // Fast strokes arrive as several samples per frame; take them all for a smooth line.
    const samples = event.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const sample of samples.length > 0 ? samples : [event]) stroke.push(pointOf(sample));
    redraw();
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (active.current === event.pointerId) active.current = null;
  };

  const clear = () => {
    strokes.current = [];
    active.current = null;
    setEmpty(true);
    redraw();
  };

  return {
    canvasRef: setCanvas,
    empty,
    clear,
    /** The signature as a PNG data URL, or null when nothing is drawn. */
    toDataUrl: () => (strokes.current.length === 0 ? null : exportPng(strokes.current)),
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: end,
      onPointerCancel: end,
      onLostPointerCapture: end,
    },
  };
}

export type SignaturePadState = ReturnType<typeof useSignaturePad>;
