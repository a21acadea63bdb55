// The skeleton loader (SPEC §2) shown while the list loads: card-shaped placeholders and a status line.
import { Skeleton } from '../../ui/skeleton';

const SLOTS = ['one', 'two', 'three', 'four', 'five', 'six'];

export function ProjectGridSkeleton({ label = 'Loading projects...' }: { label?: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <div aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {SLOTS.map((slot) => (
          <div
            key={slot}
            data-testid="project-skeleton"
            className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
          >
            <div className="flex gap-1.5">
              <Skeleton className="h-5 w-14" />
              <Skeleton className="h-5 w-16" />
            </div>
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <div className="flex gap-1">
              <Skeleton className="h-4 w-12" />
              <Skeleton className="h-4 w-10" />
            </div>
            <Skeleton className="h-4 w-2/3" />
          </div>
        ))}
      </div>
    </div>
  );
}
