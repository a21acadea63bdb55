// `npm start`: builds the web app when it is missing or older than its sources, then runs the server
// in this process (TypeScript through tsx), so signals reach it directly.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [
  'apps/web/src',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
]
  .map((p) => path.join(root, p))
  .filter(existsSync);
const sourcesChanged = () =>
  Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs))) >
  statSync(builtIndex).mtimeMs;

// SKIP_WEB_BUILD=1 serves whatever is built (or the API alone): for read-only installs and process tests.
const skipBuild = process.env.SKIP_WEB_BUILD === '1';
if (!skipBuild && (!existsSync(builtIndex) || sourcesChanged())) {
  console.log('Building the web app (once, and again only when its sources change)...');
  execSync('npm run build -w @mixdesk/web', { cwd: root, stdio: 'inherit' });
}

// `npm start` serves the built web app: the production shape, and the diagnostics screen says so. An explicit
// NODE_ENV still wins.
process.env.NODE_ENV ||= 'production';

// The server ends with whatever started it. package.json execs this script (no `sh` between npm and node), so
// npm's forwarded SIGTERM arrives here; and if the parent dies without forwarding (kill -9, a closed terminal),
// this process is re-parented: it then stops itself the same graceful way.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) {
    console.log(`The process that started the server (${parent}) has ended: stopping.`);
    process.kill(process.pid, 'SIGTERM');
  }
}, 1000).unref();

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/main.ts'));
