// The four summary tiles (SPEC §2): active and potential clients, completed projects and total revenue, over
// the whole network.
import type { ClientSummary } from '@mixdesk/contract/client-responses';
import { CircleCheckBig, CircleDollarSign, Sparkles, UserCheck } from 'lucide-react';
import { Skeleton } from '../../ui/skeleton';
import { formatRevenue } from './format';

export function ClientSummaryTiles({ summary }: { summary: ClientSummary | undefined }) {
  const tiles = [
    {
      label: 'Active',
      value: summary?.active.toLocaleString('en-US'),
      icon: UserCheck,
      tone: 'text-success',
    },
    {
      label: 'Potential',
      value: summary?.potential.toLocaleString('en-US'),
      icon: Sparkles,
      tone: 'text-info',
    },
    {
      label: 'Completed Projects',
      value: summary?.completedProjects.toLocaleString('en-US'),
      icon: CircleCheckBig,
      tone: 'text-accent',
    },
    {
      label: 'Total Revenue',
      value: summary ? formatRevenue(summary.totalRevenue) : undefined,
      icon: CircleDollarSign,
      tone: 'text-success',
    },
  ];
  return (
    <dl aria-label="Summary" className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map(({ label, value, icon: Icon, tone }) => (
        <div
          key={label}
          className="flex flex-col gap-1 rounded-lg border border-border bg-surface px-4 py-3 shadow-sm"
        >
          <dt className="flex items-center gap-2 text-xs text-muted">
            <Icon aria-hidden="true" className={`size-4 shrink-0 ${tone}`} />
            {label}
          </dt>
          <dd className="truncate font-mono text-xl font-semibold tabular-nums">
            {value ?? <Skeleton className="mt-1 h-6 w-16" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
