// Card-shaped placeholders while the first page of documents loads, with a status line for screen readers.
import { Skeleton } from '../../ui/skeleton';

const SLOTS = ['one', 'two', 'three', 'four', 'five', 'six'];

export function DocumentsSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading documents...
      </p>
      <div aria-hidden="true" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {SLOTS.map((slot) => (
          <div key={slot} className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
            <div className="flex gap-1.5">
              <Skeleton className="h-5 w-16" />
              <Skeleton className="h-5 w-20" />
              <Skeleton className="ml-auto h-4 w-28" />
            </div>
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
