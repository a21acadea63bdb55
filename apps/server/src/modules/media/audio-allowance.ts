// How much audio one decode of an upload may yield (issue #31). MAX_AUDIO_SECONDS is checked against what a
// file declares, and a file can lie: a FLAC whose header says 1 second can hold hours of silence in a few
// megabytes. So every decode is held to the declared length plus a small margin: ffmpeg itself stops just
// past it (a trim counted in samples, which a file cannot fake as it can timestamps), the caller counts the
// samples it gets, and a stream that goes on past its declaration fails as a damaged file.
import type { AudioFormat } from '@mixdesk/contract/media';
import { DecoderError } from './decoder.ts';
import { clock, DEFAULT_MAX_AUDIO_SECONDS } from './probe.ts';

/**
 * Formats whose header states the length (STREAMINFO, the data chunk, the sample table, the last page's
 * granule). For a raw MP3 or ADTS stream ffprobe only guesses from the first frames' bitrate (a VBR file
 * with a quiet end reads at half its length or less), so those are held to MAX_AUDIO_SECONDS alone.
 */
const DECLARES_LENGTH: Record<AudioFormat, boolean> = {
  wav: true,
  aiff: true,
  flac: true,
  m4a: true,
  ogg: true,
  mp3: false,
  aac: false,
};

/** What a truthful file may hold past its declaration: encoder padding, rounding, a container's slack. */
const MARGIN_SECONDS = 2;
const MARGIN_SHARE = 0.01;
/** How far past the allowance ffmpeg reads, so that "more followed" is seen rather than cut silently. */
const OVERRUN_PROBE_SECONDS = 1;

export interface AudioShapeDeclared {
  format: AudioFormat;
  /** The sample rate frames are counted at. */
  sampleRate: number;
  /** The length the probe read from the file; 0 when it states none. */
  durationSeconds: number;
}

export interface AudioAllowance {
  /** Most sample frames a decode may yield; one more and the file holds more than it says. */
  maxFrames: number;
  /** The filter to put first in ffmpeg's chain: the decoder stops a second past the allowance. */
  trim: string;
  /** The failure of a decode that yields more than maxFrames. */
  exceeded(): DecoderError;
}

/** The allowance for decoding a file of `shape`, under `maxAudioSeconds` (MAX_AUDIO_SECONDS). */
export function audioAllowance(
  shape: AudioShapeDeclared,
  maxAudioSeconds = DEFAULT_MAX_AUDIO_SECONDS,
): AudioAllowance {
  const declared = DECLARES_LENGTH[shape.format] && shape.durationSeconds > 0 ? shape.durationSeconds : 0;
  const seconds = declared
    ? Math.min(declared + MARGIN_SECONDS + declared * MARGIN_SHARE, maxAudioSeconds + MARGIN_SECONDS)
    : maxAudioSeconds;
  const maxFrames = Math.ceil(seconds * shape.sampleRate);
  const message = declared
    ? `The file is damaged: it holds more audio than the ${clock(declared)} its header declares.`
    : `This file is longer than ${clock(maxAudioSeconds)}; Mixdesk takes audio up to ${clock(maxAudioSeconds)}.`;
  return {
    maxFrames,
    trim: `atrim=end_sample=${maxFrames + Math.ceil(OVERRUN_PROBE_SECONDS * shape.sampleRate)}`,
    exceeded: () => new DecoderError(message, false),
  };
}
