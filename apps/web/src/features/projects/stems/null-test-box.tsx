// The version's null test: the stems summed and the mix subtracted, its verdict and the residual's level, or
// why there is none; the running job's progress; Run again for editors.
import { NULL_TEST_CLOSE_DBFS, NULL_TEST_SUMS_DBFS, type NullTest } from '@mixdesk/contract/stems';
import { RotateCw } from 'lucide-react';
import { formatDb } from '../../../lib/analysis-format';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { plural } from '../format';
import { mediaErrorMessage } from '../media/media-errors';
import { nullTestView } from './null-test-view';

export function NullTestBox({
  test,
  progress,
  canEdit,
  onRun,
  running,
  runError,
}: {
  test: NullTest;
  progress: number | null;
  canEdit: boolean;
  onRun: () => void;
  /** The Run again request is on its way. */
  running: boolean;
  runError: unknown;
}) {
  const view = nullTestView(test, progress);
  return (
    <section
      aria-labelledby="null-test-title"
      className="flex flex-col gap-2 rounded-md border border-border p-3"
      data-testid="null-test"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id="null-test-title" className="text-base font-semibold">
          Null test
        </h3>
        <Badge tone={view.tone} data-testid="null-test-verdict">
          {view.label}
        </Badge>
        {test.stemCount > 0 && (
          <span className="text-xs text-muted">{plural(test.stemCount, 'stem')} summed</span>
        )}
        {canEdit && (
          <Button size="sm" className="ml-auto" onClick={onRun} loading={running} disabled={view.busy}>
            <RotateCw aria-hidden="true" />
            Run again
          </Button>
        )}
      </div>
      <div role="status" className="flex flex-col gap-1 text-sm">
        {view.figures && (
          <p className="flex flex-wrap gap-x-4 gap-y-0.5" data-testid="null-test-figures">
            <span className="whitespace-nowrap">
              Residual RMS <span className="font-mono font-medium tabular-nums">{view.figures.rms}</span>
            </span>
            <span className="whitespace-nowrap">
              Peak <span className="font-mono font-medium tabular-nums">{view.figures.peak}</span>
            </span>
          </p>
        )}
        {view.message && <p className="text-muted">{view.message}</p>}
        {view.busy && (
          <div
            role="progressbar"
            aria-label="Null test"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress === null ? undefined : Math.round(progress * 100)}
            className="h-1 overflow-hidden rounded-full bg-surface-3"
          >
            <div
              className="h-full rounded-full bg-accent transition-[width]"
              style={{ width: `${progress === null ? 5 : Math.max(5, Math.round(progress * 100))}%` }}
            />
          </div>
        )}
      </div>
      <p className="text-xs text-subtle">
        The stems summed, the mix subtracted: at or below {formatDb(NULL_TEST_SUMS_DBFS, 'dBFS')} they sum to
        the mix, up to {formatDb(NULL_TEST_CLOSE_DBFS, 'dBFS')} close.
      </p>
      {runError !== null && (
        <p role="alert" className="text-sm text-danger">
          {mediaErrorMessage(runError, 'The null test could not be started')}
        </p>
      )}
    </section>
  );
}
