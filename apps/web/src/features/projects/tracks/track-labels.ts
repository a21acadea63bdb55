// How tracks and versions read on screen: status names and tones, keys, and a version's audio details.
import {
  MUSICAL_KEYS,
  musicalKeyLabel,
  TRACK_STATUSES,
  type TrackStatus,
  type TrackVersion,
} from '@mixdesk/contract/media';
import type { BadgeTone } from '../../../ui/badge';
import { formatBytes, formatDuration } from '../format';

export const TRACK_STATUS_LABEL: Record<TrackStatus, string> = {
  idea: 'Idea',
  writing: 'Writing',
  recording: 'Recording',
  editing: 'Editing',
  mixing: 'Mixing',
  mastering: 'Mastering',
  done: 'Done',
};

export const TRACK_STATUS_TONE: Record<TrackStatus, BadgeTone> = {
  idea: 'neutral',
  writing: 'info',
  recording: 'danger',
  editing: 'info',
  mixing: 'accent',
  mastering: 'warning',
  done: 'success',
};

export const STATUS_OPTIONS = TRACK_STATUSES.map((value) => ({ value, label: TRACK_STATUS_LABEL[value] }));
export const KEY_OPTIONS = MUSICAL_KEYS.map((value) => ({ value, label: musicalKeyLabel(value) }));

const FORMAT_NAMES: Record<TrackVersion['format'], string> = {
  wav: 'WAV',
  aiff: 'AIFF',
  flac: 'FLAC',
  mp3: 'MP3',
  m4a: 'M4A',
  aac: 'AAC',
  ogg: 'OGG',
};

/** "WAV · 48 kHz · 24-bit · Stereo". */
export function audioDetails(
  v: Pick<TrackVersion, 'format' | 'sampleRate' | 'bitDepth' | 'channels'>,
): string {
  const channels = v.channels === 1 ? 'Mono' : v.channels === 2 ? 'Stereo' : `${v.channels} ch`;
  const rate = `${Number((v.sampleRate / 1000).toFixed(1))} kHz`;
  return [FORMAT_NAMES[v.format], rate, v.bitDepth ? `${v.bitDepth}-bit` : null, channels]
    .filter(Boolean)
    .join(' · ');
}

/** "3:04 · 45.2 MB". */
export const lengthAndSize = (v: TrackVersion) => `${formatDuration(v.duration)} · ${formatBytes(v.size)}`;

/** "22 Nov 2026, 14:03". */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
