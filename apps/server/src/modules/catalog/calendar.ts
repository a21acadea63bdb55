// The private release calendar (issue #37): each person's feed address, made on first asking and replaced on
// reset (the old address then answers 404), and the feed itself: their releases on their release dates and the
// target release dates of the projects they own, as iCalendar (files/ics.ts). The token in the address is the
// only credential, so it is long and random and nothing else about the person is in the address.
import { RELEASE_TYPE_LABELS, type ReleaseType } from '@mixdesk/contract/catalog';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { nowIso, randomToken } from '../../platform/ids.ts';
import { projectsOwnedBy } from '../projects/public.ts';
import { type CalendarEvent, icsCalendar } from './files/ics.ts';

/** 32 random bytes in base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const SUFFIX = '.ics';

export const feedUrl = (ctx: AppContext, token: string) =>
  `${ctx.config.appUrl}/api/calendar/${token}${SUFFIX}`;

/** The caller's feed address, made (once, even when two requests race) on first asking. */
export async function calendarUrl(ctx: AppContext, userId: string): Promise<string> {
  const existing = await ctx.db
    .selectFrom('calendar_feeds')
    .select('token')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (existing) return feedUrl(ctx, existing.token);
  await ctx.db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token: randomToken(), created_at: nowIso() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await ctx.db
    .selectFrom('calendar_feeds')
    .select('token')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return feedUrl(ctx, row.token);
}

/** A new address for the caller's feed; the old one stops working at once. */
export async function resetCalendar(ctx: AppContext, userId: string): Promise<string> {
  const token = randomToken();
  await ctx.db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token, created_at: nowIso() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token, created_at: nowIso() }))
    .execute();
  return feedUrl(ctx, token);
}

async function eventsOf(ctx: AppContext, userId: string): Promise<CalendarEvent[]> {
  const host = new URL(ctx.config.appUrl).host;
  const releases = await ctx.db
    .selectFrom('releases')
    .select(['id', 'title', 'type', 'upc', 'label', 'release_date', 'updated_at'])
    .where('owner_id', '=', userId)
    .where('release_date', 'is not', null)
    .orderBy('release_date')
    .orderBy('id')
    .execute();
  const projects = await projectsOwnedBy(ctx.db, userId)
    .select(['id', 'title', 'target_release_date', 'updated_at'])
    .where('target_release_date', 'is not', null)
    .orderBy('target_release_date')
    .orderBy('id')
    .execute();
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
  return [
    ...releases.map((r) => ({
      uid: `release-${r.id}@${host}`,
      date: r.release_date!,
      summary: `Release: ${r.title}`,
      description: [
        RELEASE_TYPE_LABELS[r.type as ReleaseType] ?? r.type,
        r.label,
        r.upc ? `UPC/EAN ${r.upc}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
      url: `${ctx.config.appUrl}/releases/${r.id}`,
      updatedAt: iso(r.updated_at),
    })),
    ...projects.map((p) => ({
      uid: `project-${p.id}@${host}`,
      date: p.target_release_date!,
      summary: `Target release: ${p.title}`,
      url: `${ctx.config.appUrl}/projects/${p.id}`,
      updatedAt: iso(p.updated_at),
    })),
  ];
}

/** The feed at `param` (`<token>.ics`); any other value, or a token since replaced, is a 404. */
export async function calendarFeed(ctx: AppContext, param: string): Promise<string> {
  const token = param.endsWith(SUFFIX) ? param.slice(0, -SUFFIX.length) : '';
  if (!TOKEN.test(token)) throw notFound('Calendar feed');
  const feed = await ctx.db
    .selectFrom('calendar_feeds')
    .select('user_id')
    .where('token', '=', token)
    .executeTakeFirst();
  if (!feed) throw notFound('Calendar feed');
  return icsCalendar('Mixdesk releases', await eventsOf(ctx, feed.user_id));
}
