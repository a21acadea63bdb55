// The shape of an area (issue #33): what `modules/<area>/area.ts` hands the app. `modules/index.ts` is the one
// list of areas and app.ts walks it, so adding an area is its folder plus one line there. The platform reads
// areas only through this type, handed to it at start (`ctx.areas`); it never imports an area.
import type { JobKind } from '@mixdesk/contract/jobs';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type {
  AppContext,
  PersonalTokenLookup,
  ProjectPartsHandler,
  ReservedStorageReader,
  Seeder,
  SignInChallenger,
  UserDataHandler,
  VersionReviewReader,
} from './context.ts';
import type { JobHandler, JobKindOptions } from './jobs/jobs.ts';
import type { StoredKeyColumns } from './storage/stored-keys.ts';

export interface AreaRoutes {
  prefix: string;
  // biome-ignore lint/suspicious/noExplicitAny: each area's plugin has its own type provider
  plugin: FastifyPluginAsync<any>;
}

/** A kind of background job the area runs, and what marks its subject when it fails for good. */
export interface AreaJob extends JobKindOptions {
  kind: JobKind;
  run: JobHandler;
}

export interface Area {
  /** The folder's name. */
  name: string;
  /** Its HTTP routes and where they mount; a route only does HTTP (validate, call the service, answer). */
  routes?: readonly AreaRoutes[];
  /** The kinds of job it runs on the app's queue. */
  jobs?: (ctx: AppContext) => readonly AreaJob[];
  /**
   * Called once every area's routes are registered, before the app is ready: periodic work
   * (`runPeriodically`), `onReady` checks, what it hands other parts of the app.
   */
  start?: (app: FastifyInstance) => void | Promise<void>;
  /** Its sample records for the demo account; seeders run in the list's order. */
  seed?: Seeder;
  /**
   * Its part of "everything a user owns": exported in the list's order, deleted in the reverse order (an area
   * comes after the areas it builds on, so what builds on others goes first).
   */
  userData?: UserDataHandler;
  /** Where its rows name stored objects: the storage sweeper keeps them, a backup copies them. */
  storedKeys?: StoredKeyColumns;
  /** What it keeps inside a project, removed when the project is deleted (the projects area calls it). */
  projectParts?: ProjectPartsHandler;
  /** Reviews only: versions' review summaries, which the media area's track lists show. */
  versionReviews?: VersionReviewReader;
  /** Account only: the second factor's challenge at sign-in, which the auth area asks for after the password. */
  signInChallenge?: SignInChallenger;
  /** Uploads only: the storage its unfinished uploads reserve, which the media area's quota counts as used. */
  reservedStorage?: ReservedStorageReader;
  /** API tokens only: personal tokens by their hash, which request authentication reads. */
  personalTokens?: PersonalTokenLookup;
}

/** What the quota counts when no area reserves storage: nothing. */
const NO_RESERVATIONS: ReservedStorageReader = async () => 0;

/** The one area's reservations, or none. */
export const reservedStorageOf = (areas: readonly Area[]): ReservedStorageReader =>
  areas.find((area) => area.reservedStorage)?.reservedStorage ?? NO_RESERVATIONS;

/** What a track list shows when no area reviews versions: no review. */
const NO_REVIEWS: VersionReviewReader = async () => new Map();

/** The one area's review reader, or none. */
export const versionReviewsOf = (areas: readonly Area[]): VersionReviewReader =>
  areas.find((area) => area.versionReviews)?.versionReviews ?? NO_REVIEWS;

/** What sign-in asks after the password when no area offers a second factor: nothing. */
const NO_CHALLENGE: SignInChallenger = async () => null;

/** The one area's second-factor challenge at sign-in, or none. */
export const signInChallengeOf = (areas: readonly Area[]): SignInChallenger =>
  areas.find((area) => area.signInChallenge)?.signInChallenge ?? NO_CHALLENGE;

/** What request authentication finds when no area keeps personal API tokens: none. */
const NO_PERSONAL_TOKENS: PersonalTokenLookup = { find: async () => undefined, touch: async () => {} };

/** The one area's personal API tokens, or none. */
export const personalTokensOf = (areas: readonly Area[]): PersonalTokenLookup =>
  areas.find((area) => area.personalTokens)?.personalTokens ?? NO_PERSONAL_TOKENS;

/** Every key column of every area, in the list's order. */
export const storedKeyColumnsOf =
  (areas: readonly Area[]): StoredKeyColumns =>
  (db) =>
    areas.flatMap((area) => area.storedKeys?.(db) ?? []);
