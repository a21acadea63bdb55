// /releases: my releases (artwork, title, type, date, UPC, track count), New release, Import CSV and the
// release calendar's private address. Rows are cards that read the same on a phone.
import { RELEASE_TYPE_LABELS, type ReleaseSummary } from '@mixdesk/contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Disc, Plus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { catalogKeys, fetchReleases, releaseFiles } from './api';
import { CalendarDialog } from './calendar-dialog';
import { errorText } from './errors';
import { ImportCsvButton, ImportErrors, useImportCsv } from './import-csv';
import { formatReleaseDate } from './release-model';

export function ReleasesPage() {
  const releases = useQuery({
    queryKey: catalogKeys.releases,
    queryFn: ({ signal }) => fetchReleases(signal),
  });
  const [calendar, setCalendar] = useState(false);
  const importer = useImportCsv();
  const list = releases.data ?? [];

  return (
    <div>
      <PageHeader
        title="Releases"
        description="Singles, EPs and albums: their tracks, codes and artwork, checked before delivery."
        actions={
          <>
            <Button onClick={() => setCalendar(true)}>
              <CalendarDays aria-hidden="true" />
              Calendar
            </Button>
            <ImportCsvButton onPick={(file) => importer.mutate(file)} busy={importer.isPending} />
            <Link to="/releases/new" className={buttonClasses({ variant: 'primary' })}>
              <Plus aria-hidden="true" />
              New release
            </Link>
          </>
        }
      />
      {importer.isError && (
        <div className="mb-4">
          <ImportErrors error={importer.error} onDismiss={() => importer.reset()} />
        </div>
      )}
      {releases.isPending ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="sr-only">
            Loading releases...
          </p>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : releases.isError ? (
        <Alert
          type="error"
          title="Connection Error"
          action={
            <Button size="sm" onClick={() => releases.refetch()}>
              <RotateCw aria-hidden="true" />
              Try Again
            </Button>
          }
        >
          {errorText(releases.error, 'Failed to load the releases')}
        </Alert>
      ) : list.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-5 py-12 text-center">
          <Disc aria-hidden="true" className="size-8 text-subtle" />
          <p className="text-lg font-semibold">No releases yet</p>
          <p className="max-w-sm text-base text-muted">
            Put tracks from your projects on a single, EP or album, add its barcode and artwork, and check it
            is ready to deliver.
          </p>
          <Link to="/releases/new" className={buttonClasses({ variant: 'primary' })}>
            <Plus aria-hidden="true" />
            New release
          </Link>
        </Card>
      ) : (
        <ul aria-label="My releases" className="flex flex-col gap-2">
          {list.map((release) => (
            <ReleaseRow key={release._id} release={release} />
          ))}
        </ul>
      )}
      <CalendarDialog open={calendar} onOpenChange={setCalendar} />
    </div>
  );
}

function ReleaseRow({ release }: { release: ReleaseSummary }) {
  return (
    <li>
      <Link
        to={`/releases/${release._id}`}
        className="flex items-center gap-3 rounded-lg border border-border bg-surface p-3 shadow-sm transition-colors hover:border-border-strong"
      >
        {release.hasArtwork ? (
          <img
            src={`${releaseFiles(release._id).artwork}?v=${encodeURIComponent(release.updatedAt)}`}
            alt=""
            className="size-14 shrink-0 rounded-md object-cover"
            loading="lazy"
          />
        ) : (
          <span className="grid size-14 shrink-0 place-items-center rounded-md bg-surface-3 text-subtle">
            <Disc aria-hidden="true" className="size-6" />
          </span>
        )}
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="font-semibold break-words">{release.title}</span>
            <Badge>{RELEASE_TYPE_LABELS[release.type]}</Badge>
          </span>
          <span className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-muted">
            <span>{release.releaseDate ? formatReleaseDate(release.releaseDate) : 'No date'}</span>
            <span className="font-mono">{release.upc ? `UPC ${release.upc}` : 'No UPC'}</span>
            <span>
              {release.trackCount} {release.trackCount === 1 ? 'track' : 'tracks'}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}
