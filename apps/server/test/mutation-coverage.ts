// Setup file of `npm run test:mutation` (vitest.mutation.config.ts): charges what a test file's hooks run to
// the file's tests.
//
// Stryker's vitest runner records which tests reach each mutant while a test runs (between its beforeEach and
// afterEach). Code that runs in a file's beforeAll, such as building the app and registering its routes,
// is recorded as reached by no test ("static"); with `ignoreStatic`, a mutant there that one test also
// reaches is then tried against that test alone, and survives when that test does not happen to notice
// it. Here the hooks of a file count as reached by every test of that file, so such a mutant is tried
// against the tests that run after those hooks. Code that runs when a module is imported stays static.
import { afterAll, beforeAll, inject } from 'vitest';

interface Coverage {
  static: Record<string, number>;
  perTest: Record<string, Record<string, number>>;
}
interface StrykerGlobal {
  currentTestId?: string;
  mutantCoverage?: Coverage;
  hooksOf?: string;
}
interface Task {
  type: string;
  name: string;
  suite?: Task;
  file?: { filepath: string };
  tasks?: Task[];
}

const HOOKS_MARK = '#(hooks of the file)';
const ns = (globalThis as Record<string, unknown>)[inject('globalNamespace' as never) as string] as
  | StrykerGlobal
  | undefined;

if (ns && (inject('mode' as never) as string) === 'dry-run') {
  // Stryker's own setup sets currentTestId around each test and clears it after; between tests, and in
  // the file's beforeAll, it reads as the file's hooks. Defined once per worker (setup files run per file).
  if (!Object.getOwnPropertyDescriptor(ns, 'currentTestId')?.get) {
    let current: string | undefined;
    Object.defineProperty(ns, 'currentTestId', {
      configurable: true,
      enumerable: true,
      get: () => current ?? ns.hooksOf,
      set: (value: string | undefined) => {
        current = value;
      },
    });
  }

  // biome-ignore lint/correctness/noEmptyPattern: vitest hands a hook its suite only after a destructured context
  beforeAll(({}, suite) => {
    ns.hooksOf = `${(suite as unknown as Task).file?.filepath ?? 'unknown'}${HOOKS_MARK}`;
  });

  // After hooks run in reverse order: this runs after the file's own afterAll and before Stryker's, which
  // reads the coverage.
  // biome-ignore lint/correctness/noEmptyPattern: as above
  afterAll(({}, suite) => {
    const hooksId = ns.hooksOf;
    ns.hooksOf = undefined;
    const perTest = ns.mutantCoverage?.perTest;
    if (!hooksId || !perTest?.[hooksId]) return;
    const reached = perTest[hooksId];
    delete perTest[hooksId];
    for (const test of testsOf(suite as unknown as Task)) {
      const id = testId(test);
      perTest[id] ??= {};
      const into = perTest[id];
      for (const [mutant, hits] of Object.entries(reached)) into[mutant] = (into[mutant] ?? 0) + hits;
    }
  });
}

function testsOf(suite: Task): Task[] {
  return (suite.tasks ?? []).flatMap((task) =>
    task.type === 'suite' ? testsOf(task) : task.type === 'test' ? [task] : [],
  );
}

/** The id Stryker's setup gives a test: its file, '#', and the names of its suites and itself. */
function testId(test: Task): string {
  const names = [test.name];
  for (let suite = test.suite; suite; suite = suite.suite) names.unshift(suite.name);
  return `${test.file?.filepath ?? 'unknown.js'}#${names.join(' ').trim()}`;
}
