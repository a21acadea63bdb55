// The media area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
export { audioAllowance } from './audio-allowance.ts';
export { projectMediaKeys, removeProjectMedia } from './cleanup.ts';
export { copyObject } from './copies.ts';
export { DEMUXER_BY_FORMAT, DecoderError, type Decoders, decoders, runDecoder } from './decoder.ts';
export { madeFile, uploadFile } from './files-service.ts';
export { type PackagedFile, packageableKeys, projectFilesForPackage } from './package-sources.ts';
export { startPeakDecoder } from './peaks.ts';
export { probeAudio, withLocalFile } from './probe.ts';
export { quotaExceeded, storageQuota, uploadAllowance } from './quota.ts';
export {
  findTrackRow,
  findVersionRow,
  insertTrack,
  looksLikeId,
  nextPosition,
  peaksOf,
  recomputeTotals,
  trackIdsInOrder,
  VERSION_COLUMNS,
} from './repo.ts';
export {
  contentDisposition,
  parseRange,
  type RangeRequest,
  type StoredObject,
  sendObject,
  versionObject,
} from './send-object.ts';
export { sineWav } from './sine-wav.ts';
export { sniffAudio } from './sniff.ts';
export { presentStems, stemObject } from './stems-present.ts';
export { type StemRow, stemRowsOfVersions } from './stems-repo.ts';
export { assertStemRoom, madeStem, stemAudio, uploadStem } from './stems-service.ts';
export { joinVersionAndTrack, withTrackTitles } from './title-columns.ts';
export { inProjectTransaction, versionsCarriedInto } from './tracks-service.ts';
export { type IncomingUpload, safeFileName, safeRelativeName, uploadLimit } from './upload.ts';
export {
  findVersionOfProject,
  fromTracks,
  type ScopedVersionRow,
  type VersionScope,
  versionById,
  versionExists,
  versionsInScope,
} from './version-reads.ts';
export { insertProbedVersion, madeVersion, requireVersion, uploadVersion } from './versions-service.ts';
