// Sending stems through the resumable uploads (target `stem`, as every big file of the app goes: a cut
// connection goes on by itself, a file chosen again after a reload resumes): a new stem named after its file,
// or a stem's audio replaced (its name and role stay).
import {
  type ResumableOptions,
  type ResumableUpload,
  startResumableUpload,
} from '../../../lib/resumable-upload';
import type { VersionRef } from '../../../lib/tracks-api';
import { stemNameOf } from './stem-files';

const target = (ref: VersionRef) => ({
  target: 'stem' as const,
  projectId: ref.projectId,
  trackId: ref.trackId,
  versionId: ref.versionId,
});

/** A new stem of the version, named after its file ("Stems/Kick In.wav" → "Kick In"). */
export function startStemUpload(file: File, ref: VersionRef, opts: ResumableOptions): ResumableUpload {
  const name = stemNameOf(file.webkitRelativePath || file.name);
  return startResumableUpload(file, { ...target(ref), name }, opts);
}

/** Replaces a stem's audio with `file`. */
export function startStemReplace(
  file: File,
  ref: VersionRef,
  stemId: string,
  opts: ResumableOptions,
): ResumableUpload {
  return startResumableUpload(file, { ...target(ref), replace: stemId }, opts);
}
