import { useState } from 'react';
import { cn } from './cn';

const sizes = {
  sm: 'size-6 text-xs',
  md: 'size-10 text-lg',
  lg: 'size-16 text-2xl sm:size-20 sm:text-3xl',
} as const;

/** The first letter of a name, or 'U' when there is none. */
export function initialOf(name: string | null | undefined): string {
  return name?.trim().charAt(0).toUpperCase() || 'U';
}

/**
 * A person's picture, or their initial when there is none or it fails to load. Decorative by default (the name is
 * usually written beside it); pass `label` when it stands alone.
 */
export function Avatar({
  src,
  name,
  size = 'md',
  label,
  className,
}: {
  src?: string | null;
  name?: string | null;
  size?: keyof typeof sizes;
  label?: string;
  className?: string;
}) {
  // Remembers which picture failed, so a new one gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const classes = cn(
    'grid shrink-0 place-items-center overflow-hidden rounded-full bg-accent-soft font-semibold text-accent uppercase select-none',
    sizes[size],
    className,
  );
  const content = showImage ? (
    <img
      src={src ?? undefined}
      alt=""
      className="size-full object-cover"
      onError={() => setFailedSrc(src ?? null)}
    />
  ) : (
    initialOf(name)
  );
  if (label) {
    return (
      <span role="img" aria-label={label} className={classes}>
        {content}
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={classes}>
      {content}
    </span>
  );
}
