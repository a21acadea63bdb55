// One side of the A/B compare: its version's waveform (seeking moves both sides), its loudness as measured
// (integrated LUFS and true peak, from its analysis; the first read of an older version queues one) and the
// gain the match applies to it.
import type { TrackVersion } from '@mixdesk/contract/media';
import type { Answer } from '@mixdesk/contract/routes';
import { analysisRoutes } from '@mixdesk/contract/routes/analysis';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { call } from '../../../lib/call';
import { mediaKeys } from '../../../lib/media-keys';
import { fetchPeaks } from '../../../lib/tracks-api';
import { Badge } from '../../../ui/badge';
import { cn } from '../../../ui/cn';
import { Waveform } from './waveform';

type AnalysisData = Answer<typeof analysisRoutes.get>['data'];

/** While an analysis waits or runs, ask again this often (the compare matches once both are measured). */
const MEASURING_POLL_MS = 2000;

/** A version's analysis, asked again until it has ended. */
export function useLoudness(projectId: string, version: TrackVersion) {
  return useQuery({
    queryKey: ['analysis', version._id] as const,
    queryFn: async ({ signal }): Promise<AnalysisData> =>
      (
        await call(
          analysisRoutes.get,
          { params: { id: projectId, trackId: version.trackId, versionId: version._id } },
          { signal },
        )
      ).data,
    refetchInterval: (query) => {
      const status = query.state.data?.analysis.status;
      return status === 'pending' || status === 'running' ? MEASURING_POLL_MS : false;
    },
  });
}

/** One decimal, with a true minus sign (and a plus for a gain). */
const signed = (value: number) => `${value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)}`;
const db = (value: number) => `${value > 0 ? '+' : ''}${signed(value)}`;

export function CompareSide({
  side,
  version,
  audible,
  loudness,
  gainDb,
  current,
  duration,
  onSeek,
  onListen,
  trackTitle,
  children,
}: {
  side: 'A' | 'B';
  version: TrackVersion;
  audible: boolean;
  loudness: AnalysisData | undefined;
  /** What the match applies (dB, ≤ 0); null when the match is off. */
  gainDb: number | null;
  current: number;
  duration: number;
  onSeek: (seconds: number) => void;
  onListen: () => void;
  trackTitle: string;
  children?: ReactNode;
}) {
  const peaks = useQuery({
    queryKey: mediaKeys.peaks(version._id),
    queryFn: ({ signal }) => fetchPeaks(version.peaksUrl, signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1000 : false),
  });
  const a = loudness?.analysis;
  const measured = a?.status === 'done' && a.integratedLufs !== null;
  return (
    <section
      aria-label={`${side}: ${version.label}`}
      data-testid={`compare-side-${side.toLowerCase()}`}
      className={cn(
        'flex flex-col gap-2 rounded-md border p-2 transition-colors',
        audible ? 'border-accent bg-accent-soft/40' : 'border-border opacity-80',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          type="button"
          onClick={onListen}
          aria-pressed={audible}
          className={cn(
            'grid size-7 shrink-0 place-items-center rounded-full border font-mono text-sm font-semibold',
            audible ? 'border-accent bg-accent text-accent-fg' : 'border-border-strong text-muted',
          )}
          aria-label={`Listen to ${side} (${version.label})`}
        >
          {side}
        </button>
        <span className="min-w-0 flex-1 truncate font-medium">{version.label}</span>
        {audible && <Badge tone="accent">Heard</Badge>}
        <span
          className="font-mono text-xs text-muted tabular-nums max-sm:w-full"
          data-testid={`compare-loudness-${side.toLowerCase()}`}
        >
          {measured
            ? `${signed(a.integratedLufs!)} LUFS · ${a.truePeakDbtp === null ? '–' : signed(a.truePeakDbtp)} dBTP`
            : a?.status === 'failed'
              ? 'Loudness not measured'
              : 'Measuring loudness…'}
          {gainDb !== null && measured && (
            <span className={cn('ml-2', gainDb < 0 && 'text-warning')}>{db(gainDb)} dB</span>
          )}
        </span>
      </div>
      <Waveform
        peaks={peaks.data?.peaks ?? []}
        status={peaks.data?.status ?? 'loading'}
        duration={duration}
        current={current}
        onSeek={onSeek}
        label={`Seek in ${trackTitle} · ${side}: ${version.label}`}
      >
        {children}
      </Waveform>
    </section>
  );
}
