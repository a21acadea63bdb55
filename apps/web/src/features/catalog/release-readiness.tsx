// "Ready to deliver": every missing or invalid field across the release, its recordings and works, as the
// server lists them (read again after each save), and the files a release goes out as.
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, FileCode, FileSpreadsheet, FileText, RotateCw } from 'lucide-react';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { catalogKeys, fetchReadiness, releaseFiles } from './api';
import { errorText } from './errors';

export function ReleaseReadiness({ releaseId }: { releaseId: string }) {
  const readiness = useQuery({
    queryKey: catalogKeys.readiness(releaseId),
    queryFn: ({ signal }) => fetchReadiness(releaseId, signal),
  });
  const problems = readiness.data?.problems ?? [];
  return (
    <section aria-labelledby="release-readiness" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="release-readiness" className="text-base font-semibold">
          Readiness
        </h2>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => readiness.refetch()}
          loading={readiness.isFetching}
          aria-label="Check again"
        >
          <RotateCw aria-hidden="true" />
          <span className="max-sm:sr-only">Check again</span>
        </Button>
      </div>
      {readiness.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : readiness.isError ? (
        <Alert type="error">{errorText(readiness.error, 'The readiness check failed')}</Alert>
      ) : readiness.data.ready || problems.length === 0 ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md bg-success-soft px-3 py-2 text-sm font-medium text-success"
        >
          <CircleCheck aria-hidden="true" className="size-4" />
          Ready to deliver
        </p>
      ) : (
        <div className="flex flex-col gap-1 rounded-md border border-warning/40 bg-warning-soft px-3 py-2">
          <p className="text-sm font-medium">
            {problems.length} {problems.length === 1 ? 'thing' : 'things'} to fix before delivery
          </p>
          <ul aria-label="Problems" className="flex list-disc flex-col gap-1 pl-4 text-sm">
            {problems.map((p) => (
              <li key={`${p.field}-${p.message}`} title={p.field}>
                {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export function ReleaseDownloads({ releaseId }: { releaseId: string }) {
  const files = releaseFiles(releaseId);
  const link = buttonClasses({ size: 'sm', className: 'justify-start' });
  return (
    <section aria-labelledby="release-downloads" className="flex flex-col gap-2">
      <h2 id="release-downloads" className="text-base font-semibold">
        Downloads
      </h2>
      <div className="flex flex-wrap gap-2">
        <a href={files.labelCopy} download className={link}>
          <FileText aria-hidden="true" />
          Label copy (PDF)
        </a>
        <a href={files.ddex} download className={link}>
          <FileCode aria-hidden="true" />
          DDEX (XML)
        </a>
        <a href={files.csv} download className={link}>
          <FileSpreadsheet aria-hidden="true" />
          Export (CSV)
        </a>
      </div>
    </section>
  );
}
