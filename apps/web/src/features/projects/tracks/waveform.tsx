// The waveform of a version, drawn from the peaks the server computed, with the played part in the accent
// colour. It is the seek bar too: click anywhere to jump there, or use the arrow keys (a slider for assistive tech).
import type { PeaksStatus } from '@mixdesk/contract/media';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useId, useMemo } from 'react';
import { cn } from '../../../ui/cn';
import { formatDuration } from '../format';

/** One bar per peak: a filled path is far lighter for the browser than a thousand elements. */
function barsPath(peaks: number[]): string {
  let d = '';
  for (let i = 0; i < peaks.length; i++) {
    const h = Math.max(1.5, Math.min(1, peaks[i]!) * 96);
    d += `M${i + 0.12} ${(50 - h / 2).toFixed(2)}h0.76v${h.toFixed(2)}h-0.76z`;
  }
  return d;
}

export function Waveform({
  peaks,
  status,
  duration,
  current,
  onSeek,
  label,
  children,
}: {
  peaks: number[];
  status: PeaksStatus | 'loading';
  duration: number;
  current: number;
  onSeek: (seconds: number) => void;
  label: string;
  /** Marks drawn over the bars (not part of the slider: keep them aria-hidden and unclickable). */
  children?: ReactNode;
}) {
  // An id safe inside url(#…), whatever characters React's ids use.
  const clipId = `waveform-played-${useId().replace(/[^\w-]/g, '')}`;
  const path = useMemo(() => barsPath(peaks), [peaks]);
  const fraction = duration > 0 ? Math.min(1, Math.max(0, current / duration)) : 0;
  const width = Math.max(1, peaks.length);

  const seekTo = (seconds: number) => onSeek(Math.min(duration, Math.max(0, seconds)));
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) seekTo(((event.clientX - box.left) / box.width) * duration);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = {
      ArrowLeft: -5,
      ArrowDown: -5,
      ArrowRight: 5,
      ArrowUp: 5,
      PageDown: -30,
      PageUp: 30,
    };
    if (event.key in steps) seekTo(current + steps[event.key]!);
    else if (event.key === 'Home') seekTo(0);
    else if (event.key === 'End') seekTo(duration);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(current)}
      aria-valuetext={`${formatDuration(current)} of ${formatDuration(duration)}`}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      className="relative h-20 w-full cursor-pointer touch-none rounded-md bg-surface-2 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
    >
      {status === 'ready' && peaks.length > 0 ? (
        <svg
          data-testid="waveform"
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          aria-hidden="true"
          className="absolute inset-0 size-full"
        >
          <defs>
            <clipPath id={clipId}>
              <rect x="0" y="0" width={fraction * width} height="100" />
            </clipPath>
          </defs>
          <path d={path} className="fill-border-strong" />
          <path d={path} className="fill-accent" clipPath={`url(#${clipId})`} />
        </svg>
      ) : (
        <div aria-hidden="true" className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 bg-surface-3">
          <div className="h-full bg-accent" style={{ width: `${fraction * 100}%` }} />
        </div>
      )}
      {status !== 'ready' && (
        <span className="absolute inset-x-0 top-2 text-center text-xs text-muted">
          {status === 'failed' ? 'No waveform for this file' : 'Drawing the waveform…'}
        </span>
      )}
      {children}
      <div
        aria-hidden="true"
        className={cn('absolute inset-y-1 w-0.5 rounded-full bg-text', duration <= 0 && 'hidden')}
        style={{ left: `calc(${fraction * 100}% - 1px)` }}
      />
    </div>
  );
}
