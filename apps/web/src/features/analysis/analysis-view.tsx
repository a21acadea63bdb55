// A version's loudness analysis: progress while it is measured, then the figures, the short-term chart and the
// streaming services' verdicts; "Run again" for the people who may change the project.
import type { Analysis } from '@mixdesk/contract/analysis';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { ANALYSIS_METHOD, formatDb, tempoFigure } from '../../lib/analysis-format';
import type { VersionRef } from '../../lib/tracks-api';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { LoudnessChart } from './loudness-chart';
import { TargetList } from './target-list';
import { useAnalysis } from './use-analysis';

export function AnalysisView({ version, canEdit }: { version: VersionRef; canEdit: boolean }) {
  const { query, rerun } = useAnalysis(version);
  const [picked, setPicked] = useState<string | null>(null);
  const analysis = query.data?.analysis;
  const busy = analysis?.status === 'pending' || analysis?.status === 'running';

  const runAgain = canEdit ? (
    <Button size="sm" onClick={() => rerun.mutate()} loading={rerun.isPending} disabled={busy}>
      <RotateCw aria-hidden="true" />
      Run again
    </Button>
  ) : (
    <p className="text-xs text-muted">Only the owner and editors can run it again.</p>
  );

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">{ANALYSIS_METHOD}</p>
      {query.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading the analysis...
          </p>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-48 w-full" />
        </>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-danger">
          {query.error.message || 'Failed to load the analysis'}
        </p>
      ) : analysis && busy ? (
        <AnalysisProgress analysis={analysis} />
      ) : analysis?.status === 'failed' ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-sm text-danger">
            The analysis failed: {analysis.error ?? 'no reason was given.'}
          </p>
          {runAgain}
        </div>
      ) : analysis ? (
        <>
          <Figures analysis={analysis} />
          <LoudnessChart
            shortTerm={analysis.shortTerm}
            target={analysis.targets.find((t) => t.platform === picked) ?? analysis.targets[0] ?? null}
          />
          <TargetList
            targets={analysis.targets}
            truePeakDbtp={analysis.truePeakDbtp}
            selected={picked ?? analysis.targets[0]?.platform ?? null}
            onSelect={setPicked}
          />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3">
            <p className="text-xs text-muted">
              {analysis.analysedAt ? `Analysed ${new Date(analysis.analysedAt).toLocaleString()}` : ''}
            </p>
            {runAgain}
          </div>
        </>
      ) : null}
      {rerun.isError && (
        <p role="alert" className="text-sm text-danger">
          {rerun.error.message || 'Could not start the analysis again'}
        </p>
      )}
    </div>
  );
}

function AnalysisProgress({ analysis }: { analysis: Analysis }) {
  const percent = Math.round((analysis.progress ?? 0) * 100);
  const text =
    analysis.status === 'pending' ? 'Queued, waiting for a free CPU core' : `Measuring · ${percent} %`;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-border bg-surface-2 p-4">
      <div
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-1.5 overflow-hidden rounded-full bg-surface-3"
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p role="status" className="font-mono text-xs text-muted tabular-nums">
        {text}
      </p>
    </div>
  );
}

function Figures({ analysis }: { analysis: Analysis }) {
  const items: { key: string; label: string; value: string; unit: string; note?: string }[] = [
    { key: 'integrated', label: 'Integrated', value: formatDb(analysis.integratedLufs), unit: 'LUFS' },
    { key: 'range', label: 'Loudness range', value: formatDb(analysis.loudnessRange), unit: 'LU' },
    { key: 'true-peak', label: 'True peak', value: formatDb(analysis.truePeakDbtp), unit: 'dBTP' },
    { key: 'sample-peak', label: 'Sample peak', value: formatDb(analysis.samplePeakDbfs), unit: 'dBFS' },
    { key: 'tempo', label: 'Tempo', ...tempoFigure(analysis.tempoBpm, analysis.tempoConfidence) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
      {items.map((item) => (
        <div
          key={item.key}
          className="flex flex-col gap-0.5 rounded-md border border-border bg-surface-2 px-3 py-2 last:max-sm:col-span-2"
        >
          <dt className="text-xs text-muted">{item.label}</dt>
          <dd data-testid={`figure-${item.key}`} className="flex items-baseline gap-1">
            <span className="font-mono text-lg font-semibold tabular-nums">{item.value}</span>
            {item.value !== '—' && <span className="text-xs text-muted">{item.unit}</span>}
          </dd>
          {item.note && <dd className="text-xs text-muted">{item.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
