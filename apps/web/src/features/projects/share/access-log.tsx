// A share link's access log, newest first, a page at a time: when it was opened, played (and how far),
// downloaded or commented on, on which version, by which guest, from which browser and system. Rows wrap
// into short cards on phones rather than scrolling sideways.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Pagination } from '../../../ui/pagination';
import { Skeleton } from '../../../ui/skeleton';
import { mediaErrorMessage } from '../media/media-errors';
import { formatWhen } from '../tracks/track-labels';
import { fetchShareLinkEvents, shareLinkKeys } from './api';
import { clientOf, EVENT_LABEL, EVENT_TONE, eventDetails } from './share-labels';

export function AccessLog({ projectId, linkId, id }: { projectId: string; linkId: string; id: string }) {
  const [page, setPage] = useState(1);
  const events = useQuery({
    queryKey: shareLinkKeys.events(projectId, linkId, page),
    queryFn: ({ signal }) => fetchShareLinkEvents(projectId, linkId, page, signal),
    // A page stays on screen while the next one loads; a log is read again each time it is opened.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  return (
    <section id={id} aria-label="Access log" className="flex flex-col gap-2">
      {events.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading the access log...
          </p>
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </>
      ) : events.isError ? (
        <Alert
          type="error"
          action={
            <Button size="sm" onClick={() => void events.refetch()}>
              <RotateCw aria-hidden="true" />
              Try Again
            </Button>
          }
        >
          {mediaErrorMessage(events.error, 'Failed to load the access log')}
        </Alert>
      ) : events.data.events.length === 0 ? (
        <p className="text-sm text-muted">Nobody has opened this link yet.</p>
      ) : (
        <>
          <ol className="flex flex-col divide-y divide-border rounded-md border border-border">
            {events.data.events.map((event) => (
              <li
                key={event._id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm sm:flex-nowrap"
              >
                <time
                  dateTime={event.createdAt}
                  className="w-36 shrink-0 font-mono text-xs text-muted tabular-nums"
                >
                  {formatWhen(event.createdAt)}
                </time>
                <Badge tone={EVENT_TONE[event.kind]} className="w-24 justify-center">
                  {EVENT_LABEL[event.kind]}
                </Badge>
                <span className="min-w-0 basis-full break-words empty:hidden sm:flex-1 sm:basis-auto sm:empty:block">
                  {eventDetails(event).join(' · ')}
                </span>
                <span className="text-xs text-muted sm:shrink-0">{clientOf(event)}</span>
              </li>
            ))}
          </ol>
          <p className="text-xs text-muted">
            {events.data.pagination.total.toLocaleString('en-US')}{' '}
            {events.data.pagination.total === 1 ? 'event' : 'events'}
          </p>
          <Pagination page={page} totalPages={events.data.pagination.totalPages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
