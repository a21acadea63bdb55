// Queries of the share-links area: links with what they share and who made them, their access-log figures,
// and the log itself.
import type { ShareEventKind, ShareLinkCounts } from '@mixdesk/contract/share-links';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { leftJoinUser } from '../auth/public.ts';
import { withTrackTitles } from '../media/public.ts';
import type { ShareLinkEventsTable, ShareLinksTable } from './tables.ts';

/** A link with the titles of what it shares (joined by the media area) and its creator's name (by auth's). */
function linksWithNames(db: Kysely<DB>) {
  const links = withTrackTitles(
    db.selectFrom('share_links as l').selectAll('l'),
    'l.track_id',
    'l.version_id',
  );
  return leftJoinUser(links, 'u', 'l.created_by').select('u.name as creator_name');
}
export type LinkRow = Awaited<ReturnType<ReturnType<typeof linksWithNames>['executeTakeFirstOrThrow']>>;

export function linkRowsOfProject(db: Kysely<DB>, projectId: string): Promise<LinkRow[]> {
  return linksWithNames(db)
    .where('l.project_id', '=', projectId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
}

/** The links a user made, oldest first, for the account export. */
export function linkRowsOfCreator(db: Kysely<DB>, userId: string): Promise<LinkRow[]> {
  return linksWithNames(db)
    .where('l.created_by', '=', userId)
    .orderBy('l.created_at')
    .orderBy('l.id')
    .execute();
}

export function linkRow(db: Kysely<DB>, projectId: string, linkId: string): Promise<LinkRow | undefined> {
  return linksWithNames(db)
    .where('l.project_id', '=', projectId)
    .where('l.id', '=', linkId)
    .executeTakeFirst();
}

export async function countOfProject(db: Kysely<DB>, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('share_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertLink(db: Kysely<DB>, row: Insertable<ShareLinksTable>): Promise<void> {
  await db.insertInto('share_links').values(row).execute();
}

export async function revokeLink(db: Kysely<DB>, linkId: string, at: string): Promise<void> {
  await db
    .updateTable('share_links')
    .set({ revoked_at: at })
    .where('id', '=', linkId)
    .where('revoked_at', 'is', null)
    .execute();
}

export interface LinkFigures {
  counts: ShareLinkCounts;
  lastOpenedAt: string | null;
}

const NO_FIGURES = (): LinkFigures => ({
  counts: { opened: 0, played: 0, downloaded: 0, commented: 0 },
  lastOpenedAt: null,
});

/** Each link's access-log counts by kind, and when it was last opened, in one query. */
export async function figuresOf(db: Kysely<DB>, linkIds: string[]): Promise<Map<string, LinkFigures>> {
  const out = new Map<string, LinkFigures>(linkIds.map((id) => [id, NO_FIGURES()]));
  if (linkIds.length === 0) return out;
  const rows = await db
    .selectFrom('share_link_events')
    .select(['link_id', 'kind'])
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last')])
    .where('link_id', 'in', linkIds)
    .groupBy(['link_id', 'kind'])
    .execute();
  for (const row of rows) {
    const figures = out.get(row.link_id);
    if (!figures) continue;
    figures.counts[row.kind] = Number(row.n);
    if (row.kind === 'opened') figures.lastOpenedAt = row.last ? new Date(row.last).toISOString() : null;
  }
  return out;
}

/** A page of a link's access log, newest first, with the titles of what each event was about. */
export function eventRows(db: Kysely<DB>, linkId: string, limit: number, offset: number) {
  return withTrackTitles(db.selectFrom('share_link_events as e').selectAll('e'), 'e.track_id', 'e.version_id')
    .where('e.link_id', '=', linkId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
export type EventRow = Awaited<ReturnType<typeof eventRows>>[number];

export async function countEvents(db: Kysely<DB>, linkId: string): Promise<number> {
  const row = await db
    .selectFrom('share_link_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('link_id', '=', linkId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type NewEvent = Omit<Insertable<ShareLinkEventsTable>, 'kind'> & {
  kind: Exclude<ShareEventKind, 'played'>;
};

export async function insertEvent(db: Kysely<DB>, row: NewEvent): Promise<void> {
  await db.insertInto('share_link_events').values(row).execute();
}

/** A listen's row: created at its first report, then only ever moved further (never back). */
export async function recordListen(
  db: Kysely<DB>,
  row: Omit<Insertable<ShareLinkEventsTable>, 'kind'> & { listen_id: string; seconds: number },
): Promise<void> {
  await db
    .insertInto('share_link_events')
    .values({ ...row, kind: 'played' })
    .onConflict((oc) =>
      oc.columns(['link_id', 'listen_id']).doUpdateSet((eb) => ({
        seconds: eb
          .case()
          .when('share_link_events.seconds', '<', eb.ref('excluded.seconds'))
          .then(eb.ref('excluded.seconds'))
          .else(eb.ref('share_link_events.seconds'))
          .end(),
      })),
    )
    .execute();
}
