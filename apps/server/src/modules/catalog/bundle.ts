// A release with everything the documents made of it need (label copy, DDEX, CSV): the release, and for each of
// its tracks in order the recording (the track's master) and the work it records, when there is one. Made by
// service code from the database (bundle-read.ts); the writers of files take it as plain data.
import type { Recording, Release, Work } from '@mixdesk/contract/catalog';

export interface BundleTrack {
  /** The release's line: position on the release, disc and number, the track's title and project. */
  line: Release['tracks'][number];
  recording: Recording;
  work: Work | null;
  /** Seconds of the track's current version, when it has one (DDEX's Duration). */
  durationSeconds: number | null;
}

export interface ReleaseBundle {
  release: Release;
  tracks: BundleTrack[];
  /** The account holder, as the sender of a DDEX message. */
  owner: { id: string; name: string; email: string };
}
