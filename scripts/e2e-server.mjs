// The server the browser tests drive: the real app on a fresh data dir, with a known demo password.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '4317';
// One data dir per port, so several browser-test runs can share the machine.
const dataDir = path.join(root, `.tmp/e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  APP_URL: `http://127.0.0.1:${port}`,
  DEMO_PASSWORD: 'Demo-Session-2026',
  SEED_DEMO: '1',
  LOG_LEVEL: 'warn',
  LOG_PRETTY: '0',
  // Every browser test signs its people up from 127.0.0.1: past the hourly count of new accounts per address,
  // which the API tests check.
  RATE_LIMIT_REGISTER: '1000000',
});
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/main.ts'));
