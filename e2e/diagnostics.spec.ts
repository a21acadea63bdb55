// The diagnostics screen (/con-test) as an administrator uses it against the real server: the tiles, the four
// tabs with the topology's measured links, filtering and copying the logs, Test Service (and its SPEC §8
// failure), SPEC §8's read failures, Auto Refresh polling every 5 s and stopping when turned off; and the 404
// page for everyone else.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, type PlaywrightWorkerArgs, type Request, test } from '@playwright/test';
import { tokenOf } from './account-helpers.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, E2E_BASE_URL } from './env.ts';
import { createAccount, expectAccessible, signInThroughUi } from './fixtures.ts';

/** SPEC §9: the report is read again every 5 s while Auto Refresh is on; 'Copied!' shows for 2 s. */
const REFRESH_MS = 5000;
const COPIED_MS = 2000;
const DEMO = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
const SHOTS = path.resolve(import.meta.dirname, '../.tmp/screens');

// Polls after the first name the logs they have (?logsVersion=): the path is what counts.
const isHealthRead = (r: Request) =>
  r.method() === 'GET' && new URL(r.url()).pathname === '/api/diagnostics/health';

/** Counts the browser's reads of the health report from now on. */
function countHealthReads(page: Page) {
  const counter = {
    reads: 0,
    done: 0,
    get inFlight() {
      return this.reads - this.done;
    },
  };
  page.on('request', (r) => {
    if (isHealthRead(r)) counter.reads += 1;
  });
  const finished = (r: Request) => {
    if (isHealthRead(r)) counter.done += 1;
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return counter;
}

/** Signs the demo account (an administrator) in and follows the shell's Diagnostics link. */
async function openAsAdmin(page: Page) {
  await page.goto('/auth');
  await signInThroughUi(page, DEMO);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Diagnostics' }).click();
  await expect(page).toHaveURL(/\/con-test$/);
  await expect(page.getByRole('heading', { name: 'Connection Test Dashboard', level: 1 })).toBeVisible();
}

/** The figure on a summary tile. */
const tile = (page: Page, label: string) =>
  page
    .getByLabel('System summary')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

/** Full-page screenshots at 1280 px and 390 px wide, dark unless told, to look at. */
async function screenshots(page: Page, name: string, colorScheme: 'dark' | 'light' = 'dark') {
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  await page.emulateMedia({ colorScheme });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: path.join(SHOTS, `${name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  if (before) await page.setViewportSize(before);
  await page.emulateMedia({ colorScheme: null });
}

/**
 * A real warning in the server's log: a refresh token used twice ('Refresh token reused: session revoked'),
 * from a throwaway account's own session in two API clients.
 */
async function provokeRefreshReuse(
  playwright: PlaywrightWorkerArgs['playwright'],
  email: string,
  password: string,
) {
  const first = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  expect((await first.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  const replay = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    storageState: await first.storageState(),
  });
  const statuses: number[] = [];
  for (const client of [first, replay]) {
    const { csrfToken } = (await (await client.get('/api/csrf-token')).json()) as { csrfToken: string };
    const res = await client.post('/api/auth/refresh', { headers: { 'x-xsrf-token': csrfToken } });
    statuses.push(res.status());
  }
  expect(statuses).toEqual([200, 401]);
  await Promise.all([first.dispose(), replay.dispose()]);
}

test('the administrator watches the system: tiles, topology, services, connections and performance', async ({
  page,
}) => {
  await openAsAdmin(page);
  await expect(page.getByText('Real-time system monitoring and diagnostics')).toBeVisible();

  // The embedded shape (in-process cache, mail outbox, nothing external) is a supported shape: healthy.
  await expect(tile(page, 'System Status')).toHaveText('Healthy');
  await expect(tile(page, 'Uptime')).toContainText(/^\d+d \d+h \d+m/);
  await expect(tile(page, 'Active Connections')).toHaveText(/^\d+ of \d+$/);
  await expect(tile(page, 'Memory Usage')).toHaveText(/^\d+\.\d%$/);

  const tabs = page.getByRole('tablist', { name: 'Diagnostics views' }).getByRole('tab');
  await expect(tabs).toHaveText(['System Overview', 'Connections', 'System Logs', 'Performance']);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');

  // The topology: eight nodes, links labelled with the real engine and measured latencies, the legend.
  const topology = page.getByRole('img', { name: 'Network topology' });
  await expect(topology).toBeVisible();
  for (const text of [
    'Frontend App',
    'Backend API',
    'WebSocket Server',
    'Database',
    'Cache',
    'Audio Analysis',
    'File Storage',
    'External APIs',
  ])
    await expect(topology.getByText(text, { exact: true })).toBeVisible();
  await expect(topology.getByText(/^REST API · \d+ ms$/)).toBeVisible();
  await expect(topology.getByText(/^SQLite · \d+ ms$/)).toBeVisible();
  await expect(topology.getByText(/^Real-time · \d+ ms$/)).toBeVisible();
  await expect(topology.getByText(/^Events · \d+ ms$/)).toBeVisible();
  await expect(topology.getByText('APIs · —')).toBeVisible();
  await expect(topology.getByText(/MongoDB/)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText([
    'Online',
    'Degraded',
    'Offline',
    'Active Connection',
    'Degraded Service',
    'Failed Connection',
    'Data Flow',
  ]);

  const services = page.getByRole('list', { name: 'Core services' });
  const cache = services.getByRole('article', { name: 'Cache', exact: true });
  await expect(cache.getByText('Embedded', { exact: true })).toBeVisible();
  await expect(cache.getByText('Online', { exact: true })).toBeVisible();
  await expect(cache.getByText(/^embedded, in-process/)).toBeVisible();
  await expect(services.getByText('FALLBACK', { exact: true })).toHaveCount(0);
  const mail = services.getByRole('article', { name: 'Mail', exact: true });
  await expect(mail.getByText(/mail_outbox table/)).toBeVisible();
  // Nothing external set up: a neutral "Not configured", not an Offline that reads as a fault.
  const external = services.getByRole('article', { name: 'External APIs', exact: true });
  await expect(external.getByText('Not configured', { exact: true })).toBeVisible();
  await expect(external.getByText('Offline', { exact: true })).toHaveCount(0);
  // The cache's node says it runs embedded (the drawing and its spoken description both name it).
  await expect(topology.getByText('Online · embedded', { exact: true })).toBeVisible();
  await expect(topology.getByText('Cache: Online · embedded.')).toHaveCount(1);
  await expect(
    services.getByRole('article', { name: 'Database', exact: true }).getByText('Online'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Environment Information' })).toBeVisible();
  await expect(page.getByText('Node Version')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'diagnostics-overview');
  await screenshots(page, 'diagnostics-overview-light', 'light');

  await tabs.filter({ hasText: 'Connections' }).click();
  await expect(page.getByRole('heading', { name: /^Active Connections \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'SQLite database' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'diagnostics-connections');

  await tabs.filter({ hasText: 'Performance' }).click();
  await expect(page.getByText('System Memory')).toBeVisible();
  await expect(page.getByText('Heap Memory')).toBeVisible();
  await expect(page.getByText(/\d+\.\d [KMGT]B \/ \d+\.\d [KMGT]B/).first()).toBeVisible();
  await expect(page.getByText('CPU Cores')).toBeVisible();
  await expect(page.getByText('Load Average', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'diagnostics-performance');

  // On a phone the Diagnostics link sits in the navigation menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Diagnostics' })).toBeVisible();
  await page.keyboard.press('Escape');
});

test('the administrator filters the logs by level and service and copies them', async ({
  page,
  context,
  playwright,
  request,
}) => {
  const throwaway = await createAccount(request);
  await provokeRefreshReuse(playwright, throwaway.email, throwaway.password);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  await openAsAdmin(page);

  await page.getByRole('tab', { name: 'System Logs' }).click();
  const entries = page.getByRole('list', { name: 'Log entries' }).getByRole('listitem');
  const reuse = entries.filter({ hasText: 'Refresh token reused: session revoked' });
  await expect(reuse.first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^System Logs \(\d+\)$/ })).toBeVisible();
  await expect(page.getByLabel('Level').locator('option')).toHaveText([
    'All Levels',
    'Error',
    'Warning',
    'Info',
    'Debug',
  ]);

  await page.getByLabel('Level').selectOption({ label: 'Warning' });
  await page.getByLabel('Service').selectOption({ label: 'auth' });
  const shown = await entries.count();
  expect(shown).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: `System Logs (${shown})` })).toBeVisible();
  for (const entry of await entries.all()) {
    await expect(entry.getByText('Warning', { exact: true })).toBeVisible();
    await expect(entry.getByText('auth', { exact: true })).toBeVisible();
  }
  await expectAccessible(page);
  await screenshots(page, 'diagnostics-logs');

  // Copy Logs puts the entries shown on the clipboard and says so for 2 seconds.
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByRole('button', { name: 'Copy Logs' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('[WARN] [auth] Refresh token reused: session revoked');
  expect(copied.split('\n')).toHaveLength(shown);
  await page.clock.runFor(COPIED_MS - 100);
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await page.clock.runFor(200);
  await expect(page.getByRole('button', { name: 'Copy Logs' })).toBeVisible();
  await page.clock.resume();

  // The browser tests' server logs at 'warn': nothing at debug level, so the empty text shows.
  await page.getByLabel('Level').selectOption({ label: 'Debug' });
  await expect(page.getByText('No logs found matching the current filters.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'System Logs (0)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy Logs' })).toBeDisabled();
  await screenshots(page, 'diagnostics-logs-empty');
});

test('Test Service probes again and refreshes the report; too many tests say why', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await openAsAdmin(page);
  const database = page
    .getByRole('list', { name: 'Core services' })
    .getByRole('article', { name: 'Database', exact: true });
  await expect(database).toBeVisible();

  // Paused, nothing polls: a health read after the test's answer is the test's own refresh.
  await page.clock.pauseAt(Date.now() + 1000);
  const events: string[] = [];
  page.on('request', (r) => isHealthRead(r) && events.push('health read'));
  page.on(
    'response',
    (r) => r.url().endsWith('/api/diagnostics/test/database') && events.push(`tested ${r.status()}`),
  );
  await database.getByRole('button', { name: 'Test Service: Database' }).click();
  await expect.poll(() => events.slice(events.indexOf('tested 200'))).toEqual(['tested 200', 'health read']);
  await expect(page.getByText(/^Database: Online \(\d+ ms\)$/)).toBeVisible();
  // Time runs again (the button's own state waits on it).
  await page.clock.resume();
  await expect(database.getByRole('button', { name: 'Test Service: Database' })).toBeEnabled();

  // Ten tests in ten seconds is the limit: past it the server refuses and the screen says so.
  const headers = { authorization: `Bearer ${await tokenOf(request, DEMO)}` };
  let status = 200;
  for (let i = 0; i < 15 && status !== 429; i++)
    status = (await request.post('/api/diagnostics/test/database', { headers })).status();
  expect(status).toBe(429);
  await database.getByRole('button', { name: 'Test Service: Database' }).click();
  await expect(page.getByText('Failed to test Database: Too many service tests.')).toBeVisible();
});

test('Auto Refresh reads the report every 5 seconds, and turned off, not again until Refresh', async ({
  page,
}) => {
  await page.clock.install();
  const health = countHealthReads(page);
  await openAsAdmin(page);
  const autoRefresh = page.getByRole('switch', { name: 'Auto Refresh' });
  await expect(autoRefresh).toBeChecked();
  await expect(tile(page, 'System Status')).not.toBeEmpty();

  // Time stands still from here: only the clock moved by the test can set a read off. Turning Auto Refresh off
  // and on again starts its 5 s interval at this standstill.
  await page.clock.pauseAt(Date.now() + 1000);
  await autoRefresh.click();
  await autoRefresh.click();
  await expect(autoRefresh).toBeChecked();
  await expect.poll(() => health.inFlight).toBe(0);
  for (let tick = 0; tick < 2; tick++) {
    const before = health.reads;
    await page.clock.runFor(REFRESH_MS);
    await expect.poll(() => health.reads).toBeGreaterThan(before);
    await expect.poll(() => health.inFlight).toBe(0);
  }

  await autoRefresh.click();
  await expect(autoRefresh).not.toBeChecked();
  const off = health.reads;
  await page.clock.runFor(REFRESH_MS * 4);
  // Refresh still reads, once: had the minutes above set any read off, the count would be past this one.
  const read = page.waitForResponse((r) => isHealthRead(r.request()));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await read;
  expect(health.reads).toBe(off + 1);

  await autoRefresh.click();
  await expect(autoRefresh).toBeChecked();
  await page.clock.runFor(REFRESH_MS);
  await expect.poll(() => health.reads).toBeGreaterThan(off + 1);
  await page.clock.resume();
});

test('SPEC §8: a report that cannot be read says why, and Refresh recovers', async ({ page }) => {
  await openAsAdmin(page);
  await expect(tile(page, 'System Status')).not.toBeEmpty();
  await page.getByRole('switch', { name: 'Auto Refresh' }).click();

  await page.route('**/api/diagnostics/health*', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to connect to diagnostics API');
  // The last good report stays on screen; the backend is shown failed.
  await expect(tile(page, 'System Status')).toHaveText('Healthy');
  await expect(page.getByRole('img', { name: 'Network topology' }).getByText('REST API · —')).toBeVisible();

  await page.unroute('**/api/diagnostics/health*');
  await page.route('**/api/diagnostics/health*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Probe runner stopped' }),
    }),
  );
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to fetch health data');

  await page.unroute('**/api/diagnostics/health*');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('anyone but an administrator gets the 404 page and no diagnostics call', async ({ page, request }) => {
  const health = countHealthReads(page);
  // Signed out: the 404 page, not the sign-in screen.
  await page.goto('/con-test');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveURL(/\/con-test$/);

  const member = await createAccount(request);
  await page.goto('/auth');
  await signInThroughUi(page, member);
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Diagnostics' })).toHaveCount(0);
  await page.goto('/con-test');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await expect(page.getByText('Loading system diagnostics...')).toHaveCount(0);
  await expectAccessible(page);
  expect(health.reads).toBe(0);

  // The server agrees: to a member the route does not exist.
  const res = await request.get('/api/diagnostics/health', {
    headers: { authorization: `Bearer ${await tokenOf(request, member)}` },
  });
  expect(res.status()).toBe(404);
});
