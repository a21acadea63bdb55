// Previous, numbered pages and Next (SPEC §2), shown only when there is more than one page. Long ranges keep
// the first, the last and the pages around the current one.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/** The page numbers to show, with null where a gap is. */
export function pageItems(current: number, total: number): (number | null)[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set([1, total, current - 1, current, current + 1]);
  if (current <= 4) for (const p of [2, 3, 4, 5]) pages.add(p);
  if (current >= total - 3) for (const p of [total - 4, total - 3, total - 2, total - 1]) pages.add(p);
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const items: (number | null)[] = [];
  for (const p of sorted) {
    const last = items[items.length - 1];
    if (typeof last === 'number' && p - last > 1) items.push(null);
    items.push(p);
  }
  return items;
}

export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-6 flex flex-wrap items-center justify-center gap-1">
      <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      {pageItems(page, totalPages).map((p, i, items) =>
        p === null ? (
          <span key={`gap-after-${items[i - 1]}`} aria-hidden="true" className="px-1 text-muted">
            …
          </span>
        ) : (
          <Button
            key={p}
            size="sm"
            variant={p === page ? 'primary' : 'ghost'}
            aria-label={`Page ${p}`}
            aria-current={p === page ? 'page' : undefined}
            className="min-w-7 tabular-nums"
            onClick={() => onPage(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button size="sm" variant="ghost" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
