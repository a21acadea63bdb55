import { defineConfig } from 'vitest/config';

// The tests `npm run test:mutation` runs for each mutant: the API tests of the modules Stryker mutates
// (stryker.config.mjs), on SQLite, per group (MUTATION_GROUP; unset, every group's). Modules are loaded once
// per worker, not once per file (isolate: false): a mutant run imports nothing anew, and Stryker switches its
// mutants on at run time.
const ACCESS_AND_ACCOUNTS = [
  'apps/server/src/modules/auth/*.test.ts',
  'apps/server/src/modules/account/*.test.ts',
  'apps/server/src/modules/invitations/*.test.ts',
  'apps/server/src/modules/projects/collaborators*.test.ts',
  'apps/server/src/modules/projects/projects-authz.test.ts',
  'apps/server/src/modules/projects/projects-cache.test.ts',
  // What the projects area offers other areas, each function against the real database (issue #33).
  'apps/server/src/modules/projects/project-owner-reads.test.ts',
  'apps/server/src/platform/platform.test.ts',
  'apps/server/src/platform/security/auth-edges.test.ts',
  'apps/server/src/modules/media/raw-uploads.test.ts',
  'apps/server/src/modules/media/upload-envelope.test.ts',
  'apps/server/src/modules/media/quota-errors.test.ts',
  'apps/server/src/modules/media/upload-drain.test.ts',
  'apps/server/src/modules/media/files.test.ts',
  'apps/server/src/modules/media/versions-bad-input.test.ts',
  'apps/server/src/modules/media/versions-quota.test.ts',
  'apps/server/src/modules/media/multipart-cut.test.ts',
  'apps/server/src/modules/profile/avatar.test.ts',
  // A collaborator who accepts an invitation is announced to the project's room.
  'apps/server/src/modules/activity/activity-live.test.ts',
  // Signing a session out closes its live connections (sign-out, other sessions, one device).
  'apps/server/src/platform/realtime/realtime.test.ts',
  // Every route's schemas, as the OpenAPI document shows them (a route's params or response schema dropped).
  'apps/server/src/platform/http/openapi.test.ts',
  'apps/server/src/platform/http/openapi-uploads.test.ts',
  // Unit tests of the scoped modules' pure parts (those of auth/ and account/ are in the globs above):
  // cheap, and they pin edges a request cannot reach.
  'apps/server/src/platform/security/{access-token,csrf,passwords,session-cache}.unit.test.ts',
  'apps/server/src/modules/media/{upload,media}.unit.test.ts',
];

/** Every route's schemas, as the OpenAPI document shows them: a dropped params or response schema shows there. */
const OPENAPI = [
  'apps/server/src/platform/http/openapi.test.ts',
  'apps/server/src/platform/http/openapi-uploads.test.ts',
];

export const MUTATION_TESTS: Record<string, string[]> = {
  access: ACCESS_AND_ACCOUNTS,
  accounts: ACCESS_AND_ACCOUNTS,
  documents: [
    'apps/server/src/modules/documents/*.test.ts',
    'packages/contract/src/{documents,document-money,document-status}.test.ts',
    // Deleting an account takes its documents with it.
    'apps/server/src/modules/account/delete-account-documents.test.ts',
    ...OPENAPI,
  ],
  signing: [
    'apps/server/src/modules/documents/*.test.ts',
    // A deleted sender's documents: their PDFs and their live links (withdrawn in slices).
    'apps/server/src/modules/account/delete-account-documents{,-edges}.test.ts',
    ...OPENAPI,
  ],
  review: [
    'apps/server/src/modules/{comments,reviews,share-links,notifications}/*.test.ts',
    'apps/server/src/modules/activity/activity-live.test.ts',
    // What the media and profile areas offer the review areas, each function against the real database (#33).
    'apps/server/src/modules/media/media-owner-reads.test.ts',
    ...OPENAPI,
  ],
  // Resumable uploads (issue #34): tus-js-client and raw protocol requests, on the disk and in a bucket.
  uploads: ['apps/server/src/modules/uploads/*.test.ts', ...OPENAPI],
  work: [
    'apps/server/src/platform/jobs/jobs{,-*}.test.ts',
    'apps/server/src/platform/storage/storage-sweeper{,-*}.test.ts',
    'apps/server/src/modules/{jobs,dashboard,analysis,mastering}/*.test.ts',
    'apps/server/src/modules/media/versions-quota.test.ts',
    ...OPENAPI,
  ],
};

const group = process.env.MUTATION_GROUP;
const include = group ? (MUTATION_TESTS[group] ?? []) : [...new Set(Object.values(MUTATION_TESTS).flat())];

export default defineConfig({
  test: {
    name: 'mutation',
    environment: 'node',
    include,
    exclude: ['**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    isolate: false,
    // What a file's hooks run counts as reached by the file's tests (see the file).
    setupFiles: ['apps/server/test/mutation-coverage.ts'],
    env: { TEST_DIALECT: 'sqlite' },
  },
});
