// npm run test:mutation — StrykerJS changes the trust-critical server code on purpose, one small mistake at a
// time (a `<` for a `<=`, a dropped check, an emptied string), and runs the API tests that cover it on SQLite.
// A mutant no test notices is a hole in the tests, or an equivalent change named in docs/testing.md.
// Not part of `npm test`: on two cores a full run takes most of an hour (docs/testing.md has the figures).
const GROUPS = {
  // Who may reach what: sessions and CSRF in the platform, project access, invitations, upload limits.
  access: [
    'apps/server/src/platform/security/{auth,cookies,csrf,access-token,passwords}.ts',
    'apps/server/src/modules/projects/{access,collaborators,project-lookups,project-joins}.ts',
    'apps/server/src/modules/invitations/{routes,service,repo,user-data}.ts',
    'apps/server/src/modules/media/{upload,quota}.ts',
  ],
  // Signing in and the account: registration, sessions, one-time tokens, throttles, two-factor, deletion.
  accounts: [
    'apps/server/src/modules/auth/{routes,service,sessions,one-time-tokens,throttle,mail-budget,repo}.ts',
    'apps/server/src/platform/security/session-cache.ts',
    'apps/server/src/modules/auth/user-joins.ts',
    'apps/server/src/modules/account/{routes,login-challenge-routes,service,two-factor,login-challenge,confirm-identity,delete-account,devices,secret-box}.ts',
  ],
  // Documents (issue #31): every action in every state, money, limits, failed writes, the cached list.
  documents: [
    'apps/server/src/modules/documents/{service,send,complete,complete-or-explain,stored,pdf-files,list,repo,routes,pdf-routes}.ts',
    'packages/contract/src/{document-money,document-status}.ts',
  ],
  // Signing (issue #31): links, their turn and withdrawal, the mail budget, a deleted sender's documents.
  // Split from documents: together they made 1,476 mutants, two hours and more on two cores.
  signing: [
    'apps/server/src/modules/documents/{signing-service,signing-links,withdrawn-links,signing-mail-budget,delete-owned,signing-routes}.ts',
  ],
  // Review (issue #31): comments, approvals, share links and their guests, notifications (who is told).
  review: [
    'apps/server/src/modules/comments/{service,delete-comment,mentions,repo,routes}.ts',
    'apps/server/src/modules/reviews/{service,summary,repo,routes}.ts',
    'apps/server/src/modules/share-links/{access,guest-comment-limit,public-service,public-routes,service,repo,routes}.ts',
    'apps/server/src/modules/notifications/{service,email-sweep,repo,routes}.ts',
    // What the review areas read of others since issue #33 moved those queries to their owners.
    'apps/server/src/modules/media/{version-reads,title-columns}.ts',
    'apps/server/src/modules/profile/author-columns.ts',
  ],
  // Resumable uploads (issue #34): who may, how much, each chunk's checks, where the bytes wait, the sweep,
  // the job that makes an upload what it was for, and the account's share of them.
  uploads: [
    'apps/server/src/modules/uploads/{service,protocol,routes,repo,sweep,finish,disk-store,s3-store,store,chunk-lock,user-data}.ts',
  ],
  // Work on files (issue #31): jobs and their queue, the dashboard's figures and cache, analysis and mastering
  // requests (not their DSP: measured against ffmpeg in their tests), the storage sweeper.
  work: [
    'apps/server/src/platform/jobs/{jobs,job-store,job-handler}.ts',
    'apps/server/src/platform/storage/storage-sweeper.ts',
    'apps/server/src/modules/jobs/routes.ts',
    'apps/server/src/modules/dashboard/{active-jobs,cache,routes,stats}.ts',
    'apps/server/src/modules/projects/figures.ts',
    'apps/server/src/modules/analysis/{routes,service}.ts',
    'apps/server/src/modules/mastering/{routes,service,refusals}.ts',
  ],
};
/** MUTATION_GROUP=<name> runs one group (half an hour to an hour each on two cores); unset, all of them. */
const group = process.env.MUTATION_GROUP;
if (group && !GROUPS[group])
  throw new Error(`MUTATION_GROUP must be one of ${Object.keys(GROUPS).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // Stryker's vitest runner, counting a mutant that breaks a test file's beforeAll as killed (decision 023).
  testRunner: 'vitest-file-hooks',
  plugins: ['@stryker-mutator/vitest-runner', './scripts/mutation-runner.mjs'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: group ? GROUPS[group] : Object.values(GROUPS).flat(),
  coverageAnalysis: 'perTest',
  // A mutant in code that runs when a module loads would need every test run again with fresh modules;
  // the scoped modules keep only constants there.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 30_000,
  // The first run of every covered test (coverage per test): about 4 minutes alone, past Stryker's default 5
  // when anything else runs beside it.
  dryRunTimeoutMinutes: 15,
  incremental: true,
  // Kept in the repository: the next run tests again only what changed since (its code or its tests).
  incrementalFile: `mutation/incremental-${group ?? 'all'}.json`,
  ignorePatterns: ['/apps/web', '/e2e', '/bench', '/reports', '/test-results', '/.tmp', '/data', '/dist'],
  reporters: ['progress', 'clear-text', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${group ?? 'all'}.html` },
  jsonReporter: { fileName: `reports/mutation/${group ?? 'all'}.json` },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
