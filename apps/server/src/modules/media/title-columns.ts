// What other areas read of tracks and versions in their own SQL: the titles of the track and version a row of
// theirs is about, joined by its columns holding their ids (the joins those areas wrote before, issue #33, so
// their statements and plans stay the same). tracks' and track_versions' queries stay here.
import type { SelectQueryBuilder, StringReference } from 'kysely';
import './tables.ts';

/** The titles: null where the row names no track (or version), or it is gone. */
export interface TrackTitleColumns {
  track_title: string | null;
  version_label: string | null;
}

/** Kysely cannot check a join made on the caller's query: the join is built untyped, here only. */
type Untyped = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, unknown>;
const untyped = (qb: unknown) => qb as Untyped;

/**
 * Adds `track_title` and `version_label`: joins tracks as `t` on `trackId` and track_versions as `v` on
 * `versionId` (left joins), so the query must not use those aliases itself.
 */
export function withTrackTitles<QDB, TB extends keyof QDB, O>(
  qb: SelectQueryBuilder<QDB, TB, O>,
  trackId: StringReference<QDB, TB>,
  versionId: StringReference<QDB, TB>,
): SelectQueryBuilder<QDB, TB, O & TrackTitleColumns> {
  return untyped(qb)
    .leftJoin('tracks as t', 't.id', trackId as string)
    .leftJoin('track_versions as v', 'v.id', versionId as string)
    .select(['t.title as track_title', 'v.label as version_label']) as never;
}

/** What a query joined to a version and its track may read of them. */
export interface JoinedVersionAndTrack {
  v: { id: string; track_id: string; label: string };
  t: { id: string; title: string };
}

/**
 * Joins track_versions as `v` on `v.id = versionId` and its track, tracks as `t` on `t.id = v.track_id`
 * (inner joins: rows without such a version drop out), so the query must not use those aliases itself.
 */
export function joinVersionAndTrack<QDB, TB extends keyof QDB, O>(
  qb: SelectQueryBuilder<QDB, TB, O>,
  versionId: StringReference<QDB, TB>,
): SelectQueryBuilder<QDB & JoinedVersionAndTrack, TB | 'v' | 't', O> {
  return untyped(qb)
    .innerJoin('track_versions as v', 'v.id', versionId as string)
    .innerJoin('tracks as t', 't.id', 'v.track_id') as never;
}
