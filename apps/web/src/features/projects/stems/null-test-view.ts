// How a version's null test reads: its state in a word (a badge), the residual's figures in dBFS to one
// decimal, and the server's sentence; and what a job:updated event of the null test changes before the
// server is asked again.
import type { Job } from '@mixdesk/contract/jobs';
import { NULL_TEST_VERDICT_LABELS, type NullTest } from '@mixdesk/contract/stems';
import { formatDb } from '../../../lib/analysis-format';
import type { BadgeTone } from '../../../ui/badge';

export interface NullTestView {
  label: string;
  tone: BadgeTone;
  /** Queued or running: the test is under way. */
  busy: boolean;
  /** The residual's RMS and peak ("−72.4 dBFS") once measured; null otherwise. */
  figures: { rms: string; peak: string } | null;
  /** The server's sentence, unless it only repeats the label (and the figures). */
  message: string | null;
}

const VERDICT_TONE = { sums: 'success', close: 'warning', differs: 'danger' } as const;

/** `progress` (0–1) is the running job's, from its live events; null when unknown. */
export function nullTestView(test: NullTest, progress: number | null = null): NullTestView {
  const message = (label: string) => (test.message && test.message !== label ? test.message : null);
  switch (test.status) {
    case null:
      return { label: 'Not run', tone: 'neutral', busy: false, figures: null, message: message('Not run') };
    case 'queued':
      return { label: 'Queued', tone: 'neutral', busy: true, figures: null, message: null };
    case 'running': {
      const label =
        progress === null ? 'Running' : `Running · ${Math.round(Math.min(1, Math.max(0, progress)) * 100)} %`;
      return { label, tone: 'info', busy: true, figures: null, message: null };
    }
    case 'failed':
      return { label: 'Failed', tone: 'danger', busy: false, figures: null, message: message('Failed') };
    case 'done': {
      if (test.verdict === null)
        return {
          label: 'Not comparable',
          tone: 'warning',
          busy: false,
          figures: null,
          message: message('Not comparable'),
        };
      const label = NULL_TEST_VERDICT_LABELS[test.verdict];
      return {
        label,
        tone: VERDICT_TONE[test.verdict],
        busy: false,
        figures: {
          rms: formatDb(test.residualRmsDbfs, 'dBFS'),
          peak: formatDb(test.residualPeakDbfs, 'dBFS'),
        },
        // The verdict's sentence restates the badge and the figures: shown only when it says more.
        message: test.message.startsWith(label) ? null : message(label),
      };
    }
  }
}

/**
 * The null test after a live event of its job: queued or running as the job says, and failed with the job's
 * reason. A job that is done leaves it running until its figures have been read again (the caller refetches),
 * so the screen never shows "done" without a verdict.
 */
export function applyNullTestJob(test: NullTest, job: Pick<Job, 'kind' | 'status' | 'error'>): NullTest {
  if (job.kind !== 'null-test') return test;
  if (job.status === 'failed')
    return { ...test, status: 'failed', verdict: null, message: job.error ?? test.message };
  const status = job.status === 'queued' ? 'queued' : 'running';
  return { ...test, status, verdict: null, residualRmsDbfs: null, residualPeakDbfs: null };
}
