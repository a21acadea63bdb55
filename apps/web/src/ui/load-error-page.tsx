// A public page (no session needed) whose content could not be loaded: the reason and Try Again, announced to
// screen readers. The signing page and a share link's page show it.
import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from './button';
import { PublicLayout, PublicNotice } from './public-layout';

export function LoadErrorPage({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <PublicLayout title="Could not load">
      <PublicNotice>
        <div role="alert" className="flex flex-col items-center gap-3">
          <TriangleAlert aria-hidden="true" className="size-12 text-danger" />
          <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
          <p className="text-base text-muted">{message}</p>
        </div>
        <Button variant="primary" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Try Again
        </Button>
      </PublicNotice>
    </PublicLayout>
  );
}
