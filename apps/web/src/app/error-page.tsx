// The router's error screen (SPEC §8 Routing): 'Unexpected Application Error!' and a way home.
import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../ui/button';
import { Card } from '../ui/card';

export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <div className="grid min-h-[60dvh] flex-1 place-items-center p-4">
      <title>Error · Mixdesk</title>
      <Card role="alert" className="flex w-full max-w-lg flex-col gap-4 p-6">
        <TriangleAlert aria-hidden="true" className="size-8 text-danger" />
        <h1 className="text-xl font-semibold tracking-tight">Unexpected Application Error!</h1>
        <p className="text-base text-muted">
          Something went wrong while showing this page. Reloading usually helps; if it keeps happening, let us
          know what you were doing.
        </p>
        {detail && (
          <pre className="overflow-x-auto rounded-md border border-border bg-surface-2 px-3 py-2 font-mono text-xs text-muted">
            {detail}
          </pre>
        )}
        <div className="flex flex-wrap gap-2">
          {/* A full page load: whatever state broke this screen is left behind. */}
          <Button asChild variant="primary">
            <a href="/">Go to Dashboard</a>
          </Button>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </div>
      </Card>
    </div>
  );
}
