import { describe, expect, it } from 'vitest';
import { uploadStatus } from './upload-status';

describe('what an upload row says', () => {
  it('a running upload shows how far it has got', () => {
    expect(uploadStatus({ state: 'uploading', percent: 42, error: null })).toEqual({
      text: '42 % · Uploading',
      percent: 42,
      tone: 'progress',
    });
  });

  it('says how much is there, how fast and how long is left once it knows', () => {
    expect(
      uploadStatus({
        state: 'uploading',
        percent: 40,
        error: null,
        sent: 12 * 1024 * 1024,
        size: 30 * 1024 * 1024,
        speed: 2.1 * 1024 * 1024,
        secondsLeft: 9,
      }).text,
    ).toBe('40 % · 12.0 MB of 30.0 MB · 2.1 MB/s · 9 s left');
    expect(uploadStatus({ state: 'uploading', percent: 5, error: null, secondsLeft: 3725 }).text).toBe(
      '5 % · 1 h 2 min left',
    );
  });

  it('paused and reconnecting keep the bar where it stopped', () => {
    expect(uploadStatus({ state: 'paused', percent: 37, error: null })).toEqual({
      text: '37 % · Paused',
      percent: 37,
      tone: 'muted',
    });
    expect(uploadStatus({ state: 'reconnecting', percent: 41, error: null })).toMatchObject({
      text: '41 % · Connection lost, trying again…',
      percent: 41,
    });
  });

  it('once every byte is sent it says the server is processing the file', () => {
    expect(uploadStatus({ state: 'processing', percent: 99, error: null }).text).toBe('99 % · Processing');
    expect(uploadStatus({ state: 'uploading', percent: 99, error: null }).text).toBe('99 % · Processing');
  });

  it('a finished upload is complete', () => {
    expect(uploadStatus({ state: 'done', percent: 100, error: null })).toMatchObject({
      text: '100 % · Uploaded',
      percent: 100,
    });
  });

  it('a failed upload says it failed and why, with no bar and no percentage', () => {
    const status = uploadStatus({ state: 'failed', percent: 99, error: 'This file is not audio' });
    expect(status).toEqual({ text: 'Failed: This file is not audio', percent: null, tone: 'danger' });
    expect(status.text).not.toMatch(/%/);
  });

  it('a failed upload with no reason still says it failed', () => {
    expect(uploadStatus({ state: 'failed', percent: 40, error: null })).toMatchObject({
      text: 'Failed',
      percent: null,
    });
  });

  it('a cancelled upload shows no percentage either', () => {
    expect(uploadStatus({ state: 'cancelled', percent: 63, error: null })).toEqual({
      text: 'Cancelled',
      percent: null,
      tone: 'muted',
    });
  });
});
