// Lookups by key that many requests make at the same moment (a list's version, read on every list request),
// gathered into one query. A lookup only ever joins a query that has not been sent yet, so its answer is
// read after the lookup began: it sees every change committed before it, exactly as a query of its own
// would. At most one query per database is in flight; lookups made meanwhile wait for it to finish and then
// share the next one. Under load, dozens of concurrent list requests cost one round trip (decision 008).
import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

interface Waiter<V> {
  resolve: (value: V) => void;
  reject: (err: unknown) => void;
}

interface State<V> {
  /** Lookups not sent yet, by key. */
  pending: Map<string, Waiter<V>[]>;
  /** A query is running, or a flush is scheduled: new lookups just join `pending`. */
  busy: boolean;
}

/** Keys per query at most: bounds the statement size and the number of compiled shapes. */
const MAX_KEYS_PER_QUERY = 32;

/**
 * `fetch` reads the values of the given (distinct) keys in one query; a key it leaves out gets `missing`.
 * Returns a lookup that batches the keys asked for while another query was running or in the same turn.
 */
export function coalesced<V>(
  fetch: (db: Kysely<DB>, keys: string[]) => Promise<Map<string, V>>,
  missing: V,
): (db: Kysely<DB>, key: string) => Promise<V> {
  const states = new WeakMap<Kysely<DB>, State<V>>();

  const flush = (db: Kysely<DB>, state: State<V>) => {
    if (state.pending.size === 0) {
      state.busy = false;
      return;
    }
    // Keys past the cap stay pending for the next query.
    const sent = new Map<string, Waiter<V>[]>();
    for (const [key, waiters] of state.pending) {
      if (sent.size === MAX_KEYS_PER_QUERY) break;
      sent.set(key, waiters);
    }
    for (const key of sent.keys()) state.pending.delete(key);
    const settle = (each: (key: string, w: Waiter<V>) => void) => {
      for (const [key, waiters] of sent) for (const w of waiters) each(key, w);
      flush(db, state);
    };
    fetch(db, [...sent.keys()]).then(
      (values) => settle((key, w) => w.resolve(values.has(key) ? (values.get(key) as V) : missing)),
      (err: unknown) => settle((_key, w) => w.reject(err)),
    );
  };

  return (db, key) =>
    new Promise<V>((resolve, reject) => {
      let state = states.get(db);
      if (!state) {
        state = { pending: new Map(), busy: false };
        states.set(db, state);
      }
      const waiters = state.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else state.pending.set(key, [{ resolve, reject }]);
      if (!state.busy) {
        state.busy = true;
        setImmediate(flush, db, state);
      }
    });
}
