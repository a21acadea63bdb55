// Stryker test runner for `npm run test:mutation`: Stryker's vitest runner, plus one correction.
//
// When a mutant makes a test file's beforeAll fail (say the app cannot be built: a route schema that no
// longer compiles), vitest marks the file failed and its tests skipped. The vitest runner (9.6) looks for the
// failure on the skipped tests' parent suites, but under vitest 4 a top-level test has no parent suite (only
// its file), so it finds none and reports the mutant as survived, though every test of the file was stopped
// by it. Here such a run counts as killed by the tests of the failed file. Decision 023.
import path from 'node:path';
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner';

const vitestFactory = vitestPlugins[0].factory;

function createRunner(injector) {
  const runner = injector.injectFunction(vitestFactory);
  const mutantRun = runner.mutantRun.bind(runner);
  runner.mutantRun = async (options) => {
    const result = await mutantRun(options);
    if (result.status !== 'survived') return result;
    const failed = runner.ctx.state.getFiles().find((file) => file.result?.state === 'fail');
    if (!failed) return result;
    const file = path.relative(process.cwd(), failed.filepath).replace(/\\/g, '/');
    const error = failed.result.errors?.[0]?.message ?? 'a hook of the file failed';
    return {
      status: 'killed',
      failureMessage: `${file}: ${error}`,
      killedBy: (options.testFilter ?? []).filter((id) => id.startsWith(`${file}#`)),
      nrOfTests: result.nrOfTests,
    };
  };
  return runner;
}
createRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [
  declareFactoryPlugin(PluginKind.TestRunner, 'vitest-file-hooks', createRunner),
];
