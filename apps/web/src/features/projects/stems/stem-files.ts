// Which of the files chosen or dropped are stems: audio by name or type (the server decides by the content and
// refuses the rest with its own reason), never the hidden files a folder carries along (".DS_Store", and the
// "._kick.wav" companions macOS writes beside each file, which end in .wav but hold no audio).

import { STEM_NAME_MAX } from '@mixdesk/contract/stems';

const AUDIO_NAME = /\.(wav|wave|aif|aiff|aifc|flac|mp3|m4a|mp4|aac|ogg|oga|opus)$/i;

/** The file's own name, without the folders a folder pick or drop puts before it. */
export const baseName = (path: string) => path.split(/[/\\]/).pop() ?? path;

/** Whether a chosen or dropped file is sent as a stem. */
export function isStemFile(file: { name: string; type: string; webkitRelativePath?: string }): boolean {
  const name = baseName(file.webkitRelativePath || file.name);
  if (name.startsWith('.')) return false;
  return AUDIO_NAME.test(name) || file.type.startsWith('audio/');
}

/** A stem's name from its file: the file name without its extension ("Stems/Kick In.wav" → "Kick In"). */
export function stemNameOf(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).trim() || name;
  // A name past the limit would refuse the whole upload: the stem takes the first characters (renamed later).
  return Array.from(stem).slice(0, STEM_NAME_MAX).join('').trim();
}

/** The stems among `files`, in name order (a folder's stems arrive as they sort), and what was left out. */
export function pickStemFiles<F extends { name: string; type: string; webkitRelativePath?: string }>(
  files: readonly F[],
): { stems: F[]; skipped: F[] } {
  const path = (f: F) => f.webkitRelativePath || f.name;
  const stems = files
    .filter(isStemFile)
    .sort((a, b) => path(a).localeCompare(path(b), undefined, { numeric: true }));
  return { stems, skipped: files.filter((f) => !isStemFile(f)) };
}
