// Live-session lookups remembered for one second per process. Every authenticated request checks its
// session; on PostgreSQL that round trip costs more than the rest of a small request. Revocations and
// user changes made here forget the entries at once; another instance sees them within SESSION_CACHE_MS.
export const SESSION_CACHE_MS = 1000;
const MAX_ENTRIES = 50_000;

interface Entry<Row> {
  row: Row;
  userId: string;
  at: number;
}

const entries = new Map<string, Entry<unknown>>();

export function cachedSession<Row>(sessionId: string): Row | undefined {
  const entry = entries.get(sessionId);
  if (!entry) return undefined;
  if (Date.now() - entry.at < SESSION_CACHE_MS) return entry.row as Row;
  entries.delete(sessionId);
  return undefined;
}

export function rememberSession<Row>(sessionId: string, userId: string, row: Row): void {
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(sessionId, { row, userId, at: Date.now() });
}

export function forgetSession(sessionId: string): void {
  entries.delete(sessionId);
}

/** After a change to the user (verified, name, password) or to all their sessions. */
export function forgetUserSessions(userId: string): void {
  for (const [id, entry] of entries) if (entry.userId === userId) entries.delete(id);
}
