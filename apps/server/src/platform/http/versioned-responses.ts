// Serialised API responses kept per app instance under a version that lives in the database. A caller
// reads the current version first, then asks for the copy made under exactly that version; a change made
// through any instance bumps the version in the same transaction, so a copy can never be served stale.
// Used by the lists that must stay fast at 10,000 rows (projects, clients). Copies are kept as UTF-8 bytes:
// a list answer is ~10 KB, and encoding it again for every request was a large share of the list's cost.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** A response's version: a number, or several read together ("3.17") where a response shows several areas. */
export type ResponseVersion = number | string;

export interface VersionedResponsesOptions {
  maxEntries: number;
  maxBytes: number;
}

/** Serialised responses by key, least recently used first, bounded in count and total size. */
export class VersionedResponses {
  readonly #entries = new Map<string, { version: ResponseVersion; json: Buffer }>();
  #bytes = 0;

  constructor(private readonly opts: VersionedResponsesOptions) {}

  get(key: string, version: ResponseVersion): Buffer | undefined {
    const hit = this.#entries.get(key);
    if (!hit || hit.version !== version) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit.json;
  }

  set(key: string, version: ResponseVersion, json: Buffer): void {
    this.#drop(key);
    this.#entries.set(key, { version, json });
    this.#bytes += json.length;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.opts.maxEntries && this.#bytes <= this.opts.maxBytes) break;
      this.#drop(oldest);
    }
  }

  /**
   * The response for `key` under the version `readVersion` returns now, built by `build` when there is no
   * current copy. The version is read before the data, so a copy is never stored under a newer version
   * than the one it shows.
   */
  async through(
    key: string,
    readVersion: () => Promise<ResponseVersion>,
    build: () => Promise<string>,
  ): Promise<Buffer> {
    const version = await readVersion();
    const cached = this.get(key, version);
    if (cached !== undefined) return cached;
    const json = Buffer.from(await build(), 'utf8');
    this.set(key, version, json);
    return json;
  }

  #drop(key: string): void {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#bytes -= old.json.length;
    this.#entries.delete(key);
  }
}

/** One cache per database and purpose: tests and benchmarks run several apps in one process. */
export function versionedResponsesFor(
  registry: WeakMap<Kysely<DB>, VersionedResponses>,
  db: Kysely<DB>,
  opts: VersionedResponsesOptions,
): VersionedResponses {
  let cache = registry.get(db);
  if (!cache) {
    cache = new VersionedResponses(opts);
    registry.set(db, cache);
  }
  return cache;
}
