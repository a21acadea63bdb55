import type { NullTest } from '@mixdesk/contract/stems';
import { describe, expect, it } from 'vitest';
import { applyNullTestJob, nullTestView } from './null-test-view';

const base: NullTest = {
  status: 'done',
  residualRmsDbfs: -72.44,
  residualPeakDbfs: -60.96,
  verdict: 'sums',
  message: 'Stems sum to the mix (residual -72.4 dBFS RMS, peak -61.0 dBFS).',
  stemCount: 8,
  updatedAt: '2026-12-01T10:00:00.000Z',
};

describe('how the null test reads', () => {
  it("gives the verdict in the contract's words and the residual in dBFS to one decimal", () => {
    const view = nullTestView(base);
    expect(view.label).toBe('Stems sum to the mix');
    expect(view.tone).toBe('success');
    expect(view.figures).toEqual({ rms: '−72.4 dBFS', peak: '−61.0 dBFS' });
    expect(view.busy).toBe(false);
    // The server's sentence restates them: not shown twice; one that says more is shown.
    expect(view.message).toBeNull();
    expect(
      nullTestView({ ...base, message: 'Stems sum to the mix (residual −72.4 dBFS RMS).' }).message,
    ).toBeNull();
    expect(nullTestView({ ...base, message: 'Measured over the first 10 minutes.' }).message).toBe(
      'Measured over the first 10 minutes.',
    );
  });

  it('reads close and differs with their tones', () => {
    expect(nullTestView({ ...base, verdict: 'close', residualRmsDbfs: -45 })).toMatchObject({
      label: 'Close',
      tone: 'warning',
    });
    expect(nullTestView({ ...base, verdict: 'differs', residualRmsDbfs: -12.04 })).toMatchObject({
      label: 'Stems do not sum to the mix',
      tone: 'danger',
      figures: { rms: '−12.0 dBFS', peak: '−61.0 dBFS' },
    });
  });

  it("says why there is no verdict, in the server's words", () => {
    const apart = nullTestView({
      ...base,
      verdict: null,
      residualRmsDbfs: null,
      residualPeakDbfs: null,
      message: 'Not comparable: Click is at 48 kHz, the mix at 44.1 kHz.',
    });
    expect(apart).toMatchObject({ label: 'Not comparable', figures: null });
    expect(apart.message).toBe('Not comparable: Click is at 48 kHz, the mix at 44.1 kHz.');
    expect(
      nullTestView({ ...base, status: 'failed', verdict: null, message: 'The mix could not be read' }),
    ).toMatchObject({ label: 'Failed', tone: 'danger', message: 'The mix could not be read' });
    expect(
      nullTestView({ ...base, status: null, verdict: null, message: 'Add stems to run the null test' }),
    ).toMatchObject({ label: 'Not run', message: 'Add stems to run the null test' });
  });

  it('shows a running test with its progress as a whole percent', () => {
    expect(nullTestView({ ...base, status: 'queued', verdict: null })).toMatchObject({
      label: 'Queued',
      busy: true,
    });
    expect(nullTestView({ ...base, status: 'running', verdict: null }, 0.426)).toMatchObject({
      label: 'Running · 43 %',
      busy: true,
      figures: null,
    });
    expect(nullTestView({ ...base, status: 'running', verdict: null })).toMatchObject({ label: 'Running' });
  });
});

describe('what a live event of the null test job changes', () => {
  it('moves it to running, and a finished job leaves it running until it is read again', () => {
    const queued = { ...base, status: 'queued' as const, verdict: null };
    expect(applyNullTestJob(queued, { kind: 'null-test', status: 'running', error: null }).status).toBe(
      'running',
    );
    const done = applyNullTestJob(queued, { kind: 'null-test', status: 'done', error: null });
    expect(done.status).toBe('running');
    expect(done.verdict).toBeNull();
  });

  it("fails it with the job's reason", () => {
    const failed = applyNullTestJob(base, {
      kind: 'null-test',
      status: 'failed',
      error: 'A stem could not be decoded',
    });
    expect(failed).toMatchObject({ status: 'failed', verdict: null, message: 'A stem could not be decoded' });
  });

  it('ignores the events of other jobs', () => {
    expect(applyNullTestJob(base, { kind: 'analysis', status: 'running', error: null })).toBe(base);
  });
});
