// The four stat cards (SPEC §2 Dashboard): Active Projects, Total Tracks, Collaborators and Storage Used, the
// last measured against the user's quota and turning amber, then red, as it fills (with the level in words).
import type { DashboardStats } from '@mixdesk/contract/dashboard';
import { FolderKanban, HardDrive, ListMusic, type LucideIcon, TriangleAlert, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';
import { Skeleton } from '../../ui/skeleton';
import { STORAGE_LEVEL_LABEL, storageSummary } from './dashboard-format';

const count = (n: number) => n.toLocaleString('en-US');

const LEVEL_LOOK = {
  ok: { card: 'border-border bg-surface', figure: 'text-text', bar: 'bg-accent' },
  warning: { card: 'border-warning/60 bg-warning-soft', figure: 'text-warning', bar: 'bg-warning' },
  danger: { card: 'border-danger/60 bg-danger-soft', figure: 'text-danger', bar: 'bg-danger' },
} as const;

/** `stats` undefined: still loading (placeholders). */
export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  const storage = stats ? storageSummary(stats) : undefined;
  const look = LEVEL_LOOK[storage?.level ?? 'ok'];
  const levelLabel = storage ? STORAGE_LEVEL_LABEL[storage.level] : null;
  return (
    <dl aria-label="Your figures" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label="Active Projects"
        icon={FolderKanban}
        hint="In planning, recording, mixing or mastering"
      >
        {stats && count(stats.activeProjects)}
      </StatCard>
      <StatCard label="Total Tracks" icon={ListMusic} hint="Across all your projects">
        {stats && count(stats.totalTracks)}
      </StatCard>
      <StatCard label="Collaborators" icon={Users} hint="People you make records with">
        {stats && count(stats.collaborators)}
      </StatCard>
      <StatCard
        label="Storage Used"
        icon={HardDrive}
        className={look.card}
        figureClassName={look.figure}
        hint={
          storage && (
            <span className="flex flex-col gap-1.5">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="text-text">{storage.percentText}</span>
                <span>({storage.quota})</span>
                {levelLabel && (
                  <span className="inline-flex items-center gap-1 font-semibold text-text">
                    <TriangleAlert aria-hidden="true" className={cn('size-3.5', look.figure)} />
                    {levelLabel}
                  </span>
                )}
              </span>
              <span aria-hidden="true" className="block h-1.5 overflow-hidden rounded-full bg-surface-3">
                <span
                  className={cn('block h-full rounded-full', look.bar)}
                  style={{ width: `${Math.min(100, storage.percent)}%` }}
                />
              </span>
            </span>
          )
        }
      >
        {storage?.used}
      </StatCard>
    </dl>
  );
}

function StatCard({
  label,
  icon: Icon,
  hint,
  className,
  figureClassName,
  children,
}: {
  label: string;
  icon: LucideIcon;
  hint: ReactNode;
  className?: string;
  figureClassName?: string;
  children: ReactNode;
}) {
  const loaded = children !== undefined;
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-1 rounded-lg border px-3 py-3 shadow-sm sm:px-4 sm:py-4',
        className ?? 'border-border bg-surface',
      )}
    >
      <dt className="flex min-w-0 items-center gap-2 text-sm text-muted">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-accent" />
        <span className="truncate">{label}</span>
      </dt>
      <dd
        className={cn(
          'font-mono text-2xl font-semibold tabular-nums sm:text-3xl',
          figureClassName ?? 'text-text',
        )}
      >
        {loaded ? children : <Skeleton className="my-1 h-7 w-16" />}
      </dd>
      <dd className="text-xs text-muted">{loaded ? hint : <Skeleton className="h-3 w-24" />}</dd>
    </div>
  );
}
