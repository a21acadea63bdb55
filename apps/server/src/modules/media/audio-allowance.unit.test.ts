// How far a decode of an upload may go: the declared length plus 2 s and 1 %, within MAX_AUDIO_SECONDS (plus
// the same 2 s); MAX_AUDIO_SECONDS alone for a file that states no length or only lets ffprobe guess one.
import { describe, expect, it } from 'vitest';
import { audioAllowance } from './audio-allowance.ts';
import { DecoderError } from './decoder.ts';

describe('audioAllowance', () => {
  it('holds a file that states its length to that length, plus 2 s and 1 %', () => {
    const allowance = audioAllowance({ format: 'flac', sampleRate: 48_000, durationSeconds: 100 }, 3600);
    expect(allowance.maxFrames).toBe(103 * 48_000);
    // ffmpeg reads one second further, so that a file going on past the allowance is seen to.
    expect(allowance.trim).toBe(`atrim=end_sample=${104 * 48_000}`);
    const err = allowance.exceeded();
    expect(err).toBeInstanceOf(DecoderError);
    expect(err.abnormal).toBe(false);
    expect(err.message).toBe(
      'The file is damaged: it holds more audio than the 0:01:40 its header declares.',
    );
  });

  it('never lets the margin carry a decode more than 2 s past MAX_AUDIO_SECONDS', () => {
    const at = audioAllowance({ format: 'wav', sampleRate: 8000, durationSeconds: 10_800 }, 10_800);
    expect(at.maxFrames).toBe(10_802 * 8000);
  });

  it('holds a file that states no length, or whose length ffprobe only guesses, to MAX_AUDIO_SECONDS', () => {
    const tooLong = 'This file is longer than 1:00:00; Mixdesk takes audio up to 1:00:00.';
    for (const shape of [
      { format: 'flac', sampleRate: 44_100, durationSeconds: 0 },
      { format: 'mp3', sampleRate: 44_100, durationSeconds: 100 },
      { format: 'aac', sampleRate: 44_100, durationSeconds: 100 },
    ] as const) {
      const allowance = audioAllowance(shape, 3600);
      expect(allowance.maxFrames, shape.format).toBe(3600 * 44_100);
      expect(allowance.exceeded().message).toBe(tooLong);
    }
  });

  it('takes 3 hours when MAX_AUDIO_SECONDS is not set', () => {
    expect(audioAllowance({ format: 'ogg', sampleRate: 1000, durationSeconds: 0 }).maxFrames).toBe(
      3 * 3600 * 1000,
    );
  });
});
