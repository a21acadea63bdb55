// Short-term loudness over time (one value a second) as a line, with the selected service's target as a dashed
// line. Drawn in the container's own pixels so the labels stay readable from a phone to a wide screen; the
// sentence under it says the same for anyone who cannot see it.
import { SHORT_TERM_STEP_SECONDS, SHORT_TERM_WINDOW_SECONDS } from '@mixdesk/contract/analysis';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { chartSummary, formatDb, formatTime, loudnessDomain, timeTicks } from '../../lib/analysis-format';

const HEIGHT = 200;
const PAD = { top: 10, right: 14, bottom: 26, left: 40 };

function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(200, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** The line as one path; a silent second (null) breaks it, a lone point is drawn as a dot. */
function linePath(values: (number | null)[], x: (i: number) => number, y: (v: number) => number): string {
  let d = '';
  let open = false;
  values.forEach((v, i) => {
    if (v === null) {
      open = false;
      return;
    }
    const point = `${x(i).toFixed(1)} ${y(v).toFixed(1)}`;
    const nextIsGap = values[i + 1] === null || values[i + 1] === undefined;
    d += open ? `L${point}` : nextIsGap ? `M${point}h0.01` : `M${point}`;
    open = true;
  });
  return d;
}

export function LoudnessChart({
  shortTerm,
  target,
}: {
  shortTerm: (number | null)[];
  target: { platform: string; lufs: number } | null;
}) {
  const { ref, width } = useWidth(600);
  const titleId = useId();
  const summaryId = useId();
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const duration = Math.max(1, (shortTerm.length - 1) * SHORT_TERM_STEP_SECONDS);

  const { domain, path, ticks } = useMemo(() => {
    const values = shortTerm.filter((v): v is number => v !== null);
    const domain = loudnessDomain(target ? [...values, target.lufs] : values);
    const x = (i: number) => PAD.left + ((i * SHORT_TERM_STEP_SECONDS) / duration) * plotWidth;
    const y = (v: number) => PAD.top + ((domain.high - v) / (domain.high - domain.low)) * plotHeight;
    const ticks = timeTicks(duration, Math.max(2, Math.floor(plotWidth / 70)));
    return { domain, path: linePath(shortTerm, x, y), ticks };
  }, [shortTerm, target, duration, plotWidth, plotHeight]);

  const xAt = (seconds: number) => PAD.left + (seconds / duration) * plotWidth;
  const yAt = (v: number) => PAD.top + ((domain.high - v) / (domain.high - domain.low)) * plotHeight;

  return (
    <figure className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h3 className="text-base font-semibold">Short-term loudness</h3>
        <ul aria-label="Chart key" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="h-0.5 w-4 rounded-full bg-accent" />
            {SHORT_TERM_WINDOW_SECONDS} s window, LUFS
          </li>
          {target && (
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="w-4 border-t-2 border-dashed border-info" />
              {target.platform} target
            </li>
          )}
        </ul>
      </div>
      <div ref={ref} className="w-full rounded-md border border-border bg-surface-2">
        <svg
          role="img"
          aria-labelledby={titleId}
          aria-describedby={summaryId}
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block max-w-full font-mono text-[11px]"
          data-testid="loudness-chart"
        >
          <title id={titleId}>Short-term loudness over time, in LUFS</title>
          {domain.ticks.map((v) => (
            <g key={v}>
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={yAt(v)}
                y2={yAt(v)}
                className="stroke-border"
                strokeWidth={1}
              />
              <text x={PAD.left - 6} y={yAt(v)} dy="0.35em" textAnchor="end" className="fill-muted">
                {formatDb(v).replace('.0', '')}
              </text>
            </g>
          ))}
          {ticks.map((t) => (
            <text
              key={t}
              x={xAt(t)}
              y={HEIGHT - 8}
              textAnchor={t === 0 ? 'start' : t >= duration ? 'end' : 'middle'}
              className="fill-muted"
            >
              {formatTime(t)}
            </text>
          ))}
          {target && (
            <g>
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={yAt(target.lufs)}
                y2={yAt(target.lufs)}
                className="stroke-info"
                strokeWidth={1.5}
                strokeDasharray="6 4"
              />
              <text x={width - PAD.right} y={yAt(target.lufs) - 5} textAnchor="end" className="fill-info">
                {target.platform} {formatDb(target.lufs)}
              </text>
            </g>
          )}
          <path
            d={path}
            fill="none"
            className="stroke-accent"
            strokeWidth={2}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        </svg>
      </div>
      <figcaption id={summaryId} className="text-xs text-muted">
        {chartSummary(shortTerm, target)}
      </figcaption>
    </figure>
  );
}
