// The five streaming services' verdicts on a version. Picking one draws its target on the chart.
import type { TargetCheck } from '@mixdesk/contract/analysis';
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { formatDb, truePeakNote, verdictText } from '../../lib/analysis-format';
import { cn } from '../../ui/cn';

const VERDICT_STYLE = {
  pass: { icon: CircleCheck, className: 'text-success' },
  too_loud: { icon: CircleAlert, className: 'text-danger' },
  too_quiet: { icon: TriangleAlert, className: 'text-warning' },
} as const;

export function TargetList({
  targets,
  truePeakDbtp,
  selected,
  onSelect,
}: {
  targets: TargetCheck[];
  truePeakDbtp: number | null;
  selected: string | null;
  onSelect: (platform: string) => void;
}) {
  const headingId = useId();
  if (targets.length === 0)
    return <p className="text-sm text-muted">Silent throughout: there is no loudness to compare.</p>;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={headingId} className="text-base font-semibold">
          Streaming targets
        </h3>
        <p className="text-xs text-muted">Pick one to draw its target on the chart.</p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {targets.map((t) => {
          const { icon: Icon, className } = VERDICT_STYLE[t.verdict];
          const note = truePeakNote(t, truePeakDbtp);
          const isSelected = selected === t.platform;
          return (
            <li key={t.platform} className="flex">
              <button
                type="button"
                aria-pressed={isSelected}
                onClick={() => onSelect(t.platform)}
                className={cn(
                  'flex w-full cursor-pointer flex-col gap-1 rounded-md border px-3 py-2 text-left transition-colors',
                  isSelected
                    ? 'border-accent bg-accent-soft'
                    : 'border-border bg-surface-2 hover:border-border-strong hover:bg-surface-3',
                )}
              >
                <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className="font-medium">{t.platform}</span>
                  <span className="font-mono text-xs text-muted tabular-nums">
                    {formatDb(t.lufs, 'LUFS')}, peak ≤ {formatDb(t.truePeak, 'dBTP')}
                  </span>
                </span>
                <span className={cn('flex items-center gap-1.5 text-sm font-medium', className)}>
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {verdictText(t)}
                </span>
                {note && (
                  <span className="flex items-center gap-1.5 text-xs text-danger">
                    <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
                    {note}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
