// Label-value pairs for the details view, dense and aligned; empty values are left out.
import type { ReactNode } from 'react';
import { cn } from '../../../ui/cn';

export interface Fact {
  label: string;
  value: ReactNode;
  /** Spans the full width (long text). */
  wide?: boolean;
}

export function Facts({ facts, className }: { facts: Fact[]; className?: string }) {
  const shown = facts.filter((f) => f.value !== '' && f.value !== null && f.value !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl className={cn('grid grid-cols-1 gap-x-6 gap-y-2.5 sm:grid-cols-2', className)}>
      {shown.map((f) => (
        <div key={f.label} className={cn('flex min-w-0 flex-col gap-0.5', f.wide && 'sm:col-span-2')}>
          <dt className="text-xs text-muted">{f.label}</dt>
          <dd className="text-base break-words whitespace-pre-line">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** A list of short entries, or nothing when there are none. */
export function Bullets({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="list-disc pl-4">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same entry may appear twice; the order is the identity
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
