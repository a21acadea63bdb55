// The header tiles (SPEC §2): System Status, Uptime (days, hours, minutes), Active Connections (those
// connected) and Memory Usage (percent). Placeholders until the first report arrives.
import type { HealthReport } from '@mixdesk/contract/diagnostics';
import { Activity, Clock3, Cpu, type LucideIcon, Network } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';
import { Skeleton } from '../../ui/skeleton';
import { describeUptime, formatPercent, formatUptime } from './format';
import { SYSTEM_STATUS_LABELS, SYSTEM_STATUS_TONE, TONE_TEXT, usageTone } from './status';

interface TileValue {
  value: ReactNode;
  /** A few words after the figure ("of 5"). */
  note?: string;
  /** Text colour class of the figure and the icon. */
  tone?: string;
}

const TILES: ReadonlyArray<{ label: string; icon: LucideIcon; read: (report: HealthReport) => TileValue }> = [
  {
    label: 'System Status',
    icon: Activity,
    read: (r) => ({ value: SYSTEM_STATUS_LABELS[r.status], tone: TONE_TEXT[SYSTEM_STATUS_TONE[r.status]] }),
  },
  {
    label: 'Uptime',
    icon: Clock3,
    read: (r) => ({
      value: (
        <>
          <span aria-hidden="true">{formatUptime(r.uptime)}</span>
          <span className="sr-only">{describeUptime(r.uptime)}</span>
        </>
      ),
    }),
  },
  {
    label: 'Active Connections',
    icon: Network,
    read: (r) => ({
      value: r.connections.filter((c) => c.status === 'connected').length.toLocaleString('en-US'),
      note: `of ${r.connections.length}`,
    }),
  },
  {
    label: 'Memory Usage',
    icon: Cpu,
    read: (r) => ({
      value: formatPercent(r.performance.memory.percentage),
      tone: TONE_TEXT[usageTone(r.performance.memory.percentage)],
    }),
  },
];

/** `report` undefined: still loading (placeholders), or, with `failed`, unknown (a dash). */
export function HealthTiles({
  report,
  failed = false,
}: {
  report: HealthReport | undefined;
  failed?: boolean;
}) {
  return (
    <dl aria-label="System summary" className="mb-5 grid grid-cols-2 gap-2 lg:grid-cols-4">
      {TILES.map(({ label, icon: Icon, read }) => {
        const tile = report ? read(report) : null;
        return (
          <div
            key={label}
            className="flex min-w-0 flex-col gap-1 rounded-lg border border-border bg-surface px-3 py-2.5 shadow-sm sm:px-4 sm:py-3"
          >
            <dt className="flex min-w-0 items-center gap-1.5 text-sm text-muted">
              <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', tile?.tone)} />
              <span className="truncate">{label}</span>
            </dt>
            <dd className="flex min-w-0 items-baseline gap-1.5">
              {tile ? (
                <>
                  <span
                    className={cn(
                      'truncate font-mono text-lg font-semibold tabular-nums sm:text-xl',
                      tile.tone,
                    )}
                  >
                    {tile.value}
                  </span>
                  {tile.note && <span className="shrink-0 text-sm text-muted"> {tile.note}</span>}
                </>
              ) : failed ? (
                <span className="font-mono text-lg text-subtle sm:text-xl">—</span>
              ) : (
                <Skeleton className="mt-1 h-6 w-20" />
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
