// GET /api/projects from a cache that can never be stale: each response is stored, serialised, under the
// caller's list version, which lives in the database and is bumped by triggers in the same transaction as
// any change the list shows (migration 0006). Every request reads that version first, so an app instance
// answers from its copy only while the database still holds the version the copy was made under; a change
// made through any instance, or any area, is seen by the next request.
import { type ListProjectsQuery, ProjectListResponseSchema } from '@mixdesk/contract/projects';
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { listProjects } from './service.ts';

const MAX_ENTRIES = 2000;
const MAX_CHARS = 64 * 1024 * 1024;

/** Serialised responses by key, least recently used first, bounded in count and size. */
class VersionedResponses {
  readonly #entries = new Map<string, { version: number; json: string }>();
  #chars = 0;

  get(key: string, version: number): string | undefined {
    const hit = this.#entries.get(key);
    if (!hit || hit.version !== version) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit.json;
  }

  set(key: string, version: number, json: string): void {
    this.#drop(key);
    this.#entries.set(key, { version, json });
    this.#chars += json.length;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= MAX_ENTRIES && this.#chars <= MAX_CHARS) break;
      this.#drop(oldest);
    }
  }

  #drop(key: string): void {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#chars -= old.json.length;
    this.#entries.delete(key);
  }
}

// One cache per database: tests and benchmarks run several apps in one process.
const caches = new WeakMap<Kysely<DB>, VersionedResponses>();
function cacheOf(db: Kysely<DB>): VersionedResponses {
  let cache = caches.get(db);
  if (!cache) {
    cache = new VersionedResponses();
    caches.set(db, cache);
  }
  return cache;
}

// The version lookup runs on every list request: compiled once per database, then run with fresh parameters.
const versionQueries = new WeakMap<Kysely<DB>, CompiledQuery<{ version: number }>>();

/** The caller's list version (0 before anything they can see has changed). */
export async function listVersion(db: Kysely<DB>, userId: string): Promise<number> {
  let compiled = versionQueries.get(db);
  if (!compiled) {
    compiled = sql<{
      version: number;
    }>`select version from project_list_versions where user_id = ${''}`.compile(db);
    versionQueries.set(db, compiled);
  }
  const { rows } = await db.executeQuery<{ version: number }>({ ...compiled, parameters: [userId] });
  return Number(rows[0]?.version ?? 0);
}

const keyOf = (userId: string, q: ListProjectsQuery) =>
  [userId, q.page, q.limit, q.search?.toLowerCase() ?? '', q.type ?? '', q.status ?? '', q.genre ?? ''].join(
    '\u0000',
  );

/** The whole JSON response of GET /api/projects, validated against its schema. */
export async function listProjectsJson(
  ctx: AppContext,
  userId: string,
  q: ListProjectsQuery,
): Promise<string> {
  const cache = cacheOf(ctx.db);
  const key = keyOf(userId, q);
  // Read before the data: a response is never stored under a newer version than the one it shows.
  const version = await listVersion(ctx.db, userId);
  const cached = cache.get(key, version);
  if (cached !== undefined) return cached;
  const data = await listProjects(ctx, userId, q);
  const json = JSON.stringify(ProjectListResponseSchema.parse({ success: true, message: 'Projects', data }));
  cache.set(key, version, json);
  return json;
}
