// The stats tiles (SPEC §2 Documents): every document, then how many are at each step of their life, and the
// invoices that are paid or overdue. Counts cover all of the user's documents, not just this page or filter.
import type { DocumentStats as Stats } from '@mixdesk/contract/document-responses';
import {
  AlarmClock,
  CircleCheckBig,
  CircleDollarSign,
  Eye,
  FilePen,
  FilePlus2,
  Files,
  type LucideIcon,
  Send,
} from 'lucide-react';
import { Skeleton } from '../../ui/skeleton';

const TILES: { key: keyof Stats; label: string; icon: LucideIcon; tone: string }[] = [
  { key: 'total', label: 'Total', icon: Files, tone: 'text-text' },
  { key: 'generated', label: 'Generated', icon: FilePlus2, tone: 'text-muted' },
  { key: 'sent', label: 'Sent', icon: Send, tone: 'text-info' },
  { key: 'viewed', label: 'Viewed', icon: Eye, tone: 'text-info' },
  { key: 'signed', label: 'Signed', icon: FilePen, tone: 'text-accent' },
  { key: 'completed', label: 'Completed', icon: CircleCheckBig, tone: 'text-success' },
  { key: 'paid', label: 'Paid', icon: CircleDollarSign, tone: 'text-success' },
  { key: 'overdue', label: 'Overdue', icon: AlarmClock, tone: 'text-danger' },
];

/** `stats` undefined: still loading (placeholders), or, with `failed`, unknown (a dash). */
export function DocumentStats({ stats, failed = false }: { stats: Stats | undefined; failed?: boolean }) {
  return (
    <dl aria-label="Document stats" className="mb-5 grid grid-cols-4 gap-1.5 sm:gap-2 xl:grid-cols-8">
      {TILES.map(({ key, label, icon: Icon, tone }) => (
        <div
          key={key}
          className="flex min-w-0 flex-col gap-0.5 rounded-lg border border-border bg-surface px-2 py-2 shadow-sm sm:px-3 sm:py-2.5"
        >
          <dt className="flex min-w-0 items-center gap-1.5 text-xs text-muted">
            <Icon aria-hidden="true" className={`hidden size-3.5 shrink-0 sm:block ${tone}`} />
            <span className="truncate">{label}</span>
          </dt>
          <dd className="truncate font-mono text-lg font-semibold tabular-nums sm:text-xl">
            {stats ? (
              stats[key].toLocaleString('en-US')
            ) : failed ? (
              <span className="text-subtle">—</span>
            ) : (
              <Skeleton className="mt-1 h-6 w-10" />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
