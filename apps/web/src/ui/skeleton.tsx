import { cn } from './cn';

/** A placeholder block shown while content loads; screen readers skip it (pair it with a status text). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-surface-3', className)} />;
}
