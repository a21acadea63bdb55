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

  it('once every byte is sent it says the server is processing the file', () => {
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
