// What services need from the running app, passed explicitly so they stay plain functions.
import type { ApiTokenScope } from '@mixdesk/contract/api-tokens';
import type { User } from '@mixdesk/contract/auth';
import type { TrackReviewSummary } from '@mixdesk/contract/media';
import type { ServerEvent, ServerEventPayload } from '@mixdesk/contract/realtime-events';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Dialect } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { Mailer } from './mail/mail.ts';
import type { SecretStore } from './security/secret-store.ts';
import type { Storage } from './storage/storage.ts';
import type { StoredKeyColumns } from './storage/stored-keys.ts';

/** What services may ask of the live (Socket.IO) connections. */
export interface LiveConnections {
  /** Closes the connections of sessions that just ended (sign-out, revocation), on every instance. */
  endSessions(which: { sessionId: string } | { userId: string; except?: string }): void;
  /** Sends an event to everyone in a project's room, on every instance; the contract's SERVER_EVENTS name it. */
  toProject<E extends ServerEvent>(projectId: string, event: E, payload: ServerEventPayload<E>): void;
  /** Sends an event to every connection of one user, on every instance (after the change is committed). */
  toUser<E extends ServerEvent>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /** Takes a user's connections out of a project's room (removed from it, or left it), on every instance. */
  leaveProject(userId: string, projectId: string): void;
  /** Takes every connection out of a project's room (the project is gone), on every instance. */
  closeProject(projectId: string): void;
}

/** A session as request authentication sees it: worked out once per row the auth area remembers. */
export interface LiveSession {
  user: User;
  userId: string;
  sessionId: string;
  revoked: boolean;
  expiresMs: number;
  lastUsedMs: number;
}

/** How the platform finds sessions (the auth area's, handed over at start: it owns the tables). */
export interface SessionLookup {
  /** The session and its user, revoked or expired ones included; undefined when there is none. */
  find(sessionId: string): Promise<LiveSession | undefined>;
  /** Records that the session was used just now. */
  touch(sessionId: string): Promise<void>;
}

/** A personal API token as request authentication sees it: its row and its user. */
export interface PersonalTokenUse {
  tokenId: string;
  user: User;
  scopes: readonly ApiTokenScope[];
  /** When it stops working (ms since the epoch), or null: it works until revoked. */
  expiresMs: number | null;
  /** When a use was last recorded (ms since the epoch), or null: never used. */
  lastUsedMs: number | null;
}

/** How the platform finds personal API tokens (the api-tokens area's, handed over at start: it owns the table). */
export interface PersonalTokenLookup {
  /** The token whose SHA-256 is `hash` and its user, expired ones included; undefined: unknown or revoked. */
  find(db: Kysely<DB>, hash: string): Promise<PersonalTokenUse | undefined>;
  /** Records that the token was used now, unless a use was recorded within the last minute (by any instance). */
  touch(db: Kysely<DB>, tokenId: string): Promise<void>;
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
  sessions: SessionLookup;
  /** Personal API tokens by their hash (handed over at start by the api-tokens area). */
  personalTokens: PersonalTokenLookup;
  /** Every area's part of what a user owns, in the areas' order (modules/index.ts, handed over at start). */
  userData: readonly UserDataHandler[];
  /** Every area's columns that name stored objects (handed over at start). */
  storedKeys: StoredKeyColumns;
  /** What areas keep inside a project, removed with it (handed over at start; media's tracks and files). */
  projectParts: readonly ProjectPartsHandler[];
  /** Versions' review summaries for the track lists (handed over at start by reviews, which builds on media). */
  versionReviews: VersionReviewReader;
  /** The step after a right password for a user with a second factor (handed over at start by account). */
  signInChallenge: SignInChallenger;
  /**
   * Bytes an owner's resumable uploads still receiving have reserved of their storage (handed over at start
   * by uploads; the media area's quota counts them as used).
   */
  reservedStorage: ReservedStorageReader;
  /**
   * Says that events were just committed (activities, documents' audit events), so that what delivers stored
   * events (webhooks) looks for them now rather than at its next sweep: a wake-up, not the events, which are
   * rows (handed over at start by the webhooks area; absent where nothing delivers them).
   */
  eventsRecorded?: () => void;
}

/** Bytes reserved of `ownerId`'s storage by uploads not yet stored (0 without an area that reserves). */
export type ReservedStorageReader = (db: Kysely<DB>, ownerId: string) => Promise<number>;

/**
 * An area's part of a project, removed with it: the stored objects its rows name are read before the project's
 * rows go (their own rows go with them by cascade), and removed after, so a crash in between leaves objects no
 * row names (the storage sweeper's), never a row naming nothing.
 */
export interface ProjectPartsHandler {
  area: string;
  keys(ctx: AppContext, projectId: string): Promise<string[]>;
  /** Removes the objects once the rows are gone; a failure is logged, not thrown (the project is gone). */
  remove(ctx: AppContext, projectId: string, keys: string[]): Promise<void>;
}

/**
 * After a right password: the challenge a user with a second factor must answer before they are signed in
 * (its token, for the client to send back with the code), or null when they have none.
 */
export type SignInChallenger = (ctx: AppContext, userId: string) => Promise<string | null>;

/** Each version's review summary by version id; a version missing from the map shows no review. */
export type VersionReviewReader = (
  db: Kysely<DB>,
  versionIds: string[],
) => Promise<Map<string, TrackReviewSummary>>;

/** An area's sample records for the demo account, run once when the account is created (its area.ts). */
export type Seeder = (ctx: AppContext, demoUserId: string) => Promise<void>;

export interface ExportedFile {
  /** Path inside the export ZIP, e.g. `projects/<projectId>/tracks/<file name>`. */
  path: string;
  /** The object's key in storage. */
  storageKey: string;
}

/** An area's part of "everything a user owns": for the account export and for account deletion. */
export interface UserDataHandler {
  area: string;
  /** The user's records of this area as plain JSON, and the stored files to add to the ZIP. */
  exportData(ctx: AppContext, userId: string): Promise<{ data: unknown; files?: ExportedFile[] }>;
  /** Deletes the user's records of this area and their stored files; runs before the user row goes. */
  deleteData(ctx: AppContext, userId: string): Promise<void>;
}
