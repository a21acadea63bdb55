// "Sample" on anything demo mode shows (issue #32): invented figures are never taken for someone's real ones.
// Dashed and uncoloured, so it reads as none of the status colours beside it.
import { FlaskConical } from 'lucide-react';
import { Badge } from './badge';
import { cn } from './cn';

export function SampleBadge({ title, className }: { title: string; className?: string }) {
  return (
    <Badge
      tone="neutral"
      title={title}
      className={cn('border border-dashed border-border-strong text-text', className)}
    >
      <FlaskConical aria-hidden="true" className="size-3" />
      Sample
    </Badge>
  );
}
