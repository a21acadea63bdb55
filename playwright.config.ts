import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from './e2e/env.ts';

// Browser tests drive Debian's Chromium against the real server (built web app, fresh data dir).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Two files at a time, each test in order within its file: a browser test mostly waits (for the server, an
  // upload, a job), so on two cores two workers took 5.9 min where one took 13.9 (decision 036). Every test
  // makes its own accounts, so files do not share data.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A test waits for what it needs, so its timeout only bounds a failure. 60 s was too tight for the longest
  // ones (upload, analysis, four screenshots) when the CI machine ran 2.5 times slower than usual.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: `.tmp/test-results-${E2E_PORT}`,
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // The webhooks spec delivers to a receiver it starts on 127.0.0.1.
    env: { PORT: String(E2E_PORT), WEBHOOK_ALLOW_PRIVATE: '1' },
  },
});
