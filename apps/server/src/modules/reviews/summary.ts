// The review summary of tracks' current versions, for the media area's track lists: one query for a whole
// list, however many tracks it holds.
import type { TrackReviewSummary } from '@mixdesk/contract/media';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { summarize } from './present.ts';
import { decisionsOfAsked } from './repo.ts';

/** Each version's summary, by version id (a version nobody was asked about: requested 0, not approved). */
export async function reviewSummaries(
  db: Kysely<DB>,
  versionIds: string[],
): Promise<Map<string, TrackReviewSummary>> {
  const asked = await decisionsOfAsked(db, versionIds);
  return new Map(versionIds.map((id) => [id, summarize(asked.get(id) ?? [])]));
}
