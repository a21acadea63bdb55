// What services need from the running app, passed explicitly so they stay plain functions.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Dialect } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { Mailer } from './mail.ts';
import type { SecretStore } from './secret-store.ts';
import type { Storage } from './storage.ts';

/** What services may ask of the live (Socket.IO) connections. */
export interface LiveConnections {
  /** Closes the connections of sessions that just ended (sign-out, revocation), on every instance. */
  endSessions(which: { sessionId: string } | { userId: string; except?: string }): void;
  /** Sends an event to everyone in a project's room, on every instance. */
  toProject(projectId: string, event: string, payload: unknown): void;
  /** Sends an event to every connection of one user, on every instance (after the change is committed). */
  toUser(userId: string, event: string, payload: unknown): void;
  /** Takes a user's connections out of a project's room (removed from it, or left it), on every instance. */
  leaveProject(userId: string, projectId: string): void;
  /** Takes every connection out of a project's room (the project is gone), on every instance. */
  closeProject(projectId: string): void;
}

export interface AppContext {
  db: Kysely<DB>;
  dialect: Dialect;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  storage: Storage;
  /** Where the secrets the app generates for itself are kept (DATA_DIR, or the shared database). */
  secrets: SecretStore;
  live: LiveConnections;
  /** Counts the bytes an upload stored (a /metrics counter); absent where no metrics are kept. */
  countUploadBytes?: (bytes: number) => void;
}

/** Sample records for the demo account, one per area, run once when the account is created (db/seeders). */
export type Seeder = (ctx: AppContext, demoUserId: string) => Promise<void>;
