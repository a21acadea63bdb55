// The Performance tab (SPEC §2): system and heap memory as bars with their percentage and used/total sizes
// (B…TB), then the CPU: cores, platform and the 1, 5 and 15 minute load averages.
import type { Performance } from '@mixdesk/contract/diagnostics';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { cn } from '../../ui/cn';
import { formatBytes, formatLoadAverage, formatPercent } from './format';
import { usageTone } from './status';

const BAR_TONE = { success: 'bg-success', warning: 'bg-warning', danger: 'bg-danger' } as const;

export function PerformancePanel({ performance }: { performance: Performance }) {
  const { memory, cpu } = performance;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Memory</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <UsageBar
            label="System Memory"
            percentage={memory.percentage}
            used={memory.used}
            total={memory.total}
          />
          <UsageBar
            label="Heap Memory"
            percentage={memory.heapPercentage}
            used={memory.heapUsed}
            total={memory.heapTotal}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>CPU</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="flex flex-col divide-y divide-border text-base">
            {(
              [
                ['CPU Cores', String(cpu.cores)],
                ['Platform', cpu.platform],
                ['Load Average', formatLoadAverage(cpu.loadAverage)],
              ] as const
            ).map(([label, value]) => (
              <div
                key={label}
                className="flex items-baseline justify-between gap-4 py-2 first:pt-0 last:pb-0"
              >
                <dt className="text-muted">{label}</dt>
                <dd className="font-mono tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-subtle">Load average over the last 1, 5 and 15 minutes.</p>
        </CardContent>
      </Card>
    </div>
  );
}

function UsageBar({
  label,
  percentage,
  used,
  total,
}: {
  label: string;
  percentage: number;
  used: number;
  total: number;
}) {
  const percent = formatPercent(percentage);
  const sizes = `${formatBytes(used)} / ${formatBytes(total)}`;
  const clamped = Math.min(100, Math.max(0, percentage));
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-base">
        <span className="font-medium">{label}</span>
        <span className="font-mono text-sm text-muted tabular-nums">
          <span className="font-semibold text-text">{percent}</span> · {sizes}
        </span>
      </div>
      {/* The figures above say it all; the bar is for the eye. */}
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-surface-3">
        <div
          className={cn('h-full rounded-full transition-[width]', BAR_TONE[usageTone(clamped)])}
          style={{ width: `${clamped}%` }}
        />
      </div>
    </div>
  );
}
