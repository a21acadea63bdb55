import { cn } from './cn';

/** The Mixdesk mark (four faders) and word. */
export function Logo({ className, size = 'md' }: { className?: string; size?: 'md' | 'lg' }) {
  return (
    <span
      className={cn(
        'inline-flex items-center font-semibold tracking-tight text-text',
        size === 'lg' ? 'gap-2.5' : 'gap-2',
        className,
      )}
    >
      <svg
        viewBox="0 0 32 32"
        aria-hidden="true"
        className={cn('shrink-0', size === 'lg' ? 'size-9' : 'size-6')}
      >
        <rect width="32" height="32" rx="6" className="fill-surface-3" />
        <g className="fill-accent">
          <rect x="6" y="14" width="3" height="10" rx="1" />
          <rect x="11" y="8" width="3" height="16" rx="1" />
          <rect x="16" y="11" width="3" height="13" rx="1" />
          <rect x="21" y="5" width="3" height="19" rx="1" />
        </g>
      </svg>
      <span className={size === 'lg' ? 'text-2xl' : 'text-lg'}>Mixdesk</span>
    </span>
  );
}
