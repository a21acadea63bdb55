// npm run bench:web — what a visitor's browser fetches before it shows the sign-in screen, and how long that
// takes: Debian's Chromium against the real server (the built web app in apps/web/dist; this script builds
// nothing), signed out, at /auth. Each run opens a fresh browser context (empty cache: the cold visit), then
// visits /auth again in that context (the warm visit: what the cache headers let it keep). Twice: over loopback
// as it is, and throttled by Chromium to a modest connection, where the bytes show in the time. Prints medians.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import { ROOT, startServer } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PORT = 3111;
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
// WEB_DIST measures another build (e.g. a copy of the previous release's dist).
const DIST = path.resolve(process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));

if (!existsSync(path.join(DIST, 'index.html'))) {
  console.error(`${DIST}/index.html is missing: run \`npm run build\` first.`);
  process.exit(1);
}

/** Chromium's resource types, grouped into the columns we print. */
const GROUPS = { Script: 'JS', Stylesheet: 'CSS', Document: 'HTML', Font: 'fonts' } as const;
type Group = (typeof GROUPS)[keyof typeof GROUPS] | 'API' | 'other';
const COLUMNS: Group[] = ['JS', 'CSS', 'HTML', 'fonts', 'API', 'other'];

interface Visit {
  /** Bytes on the wire (headers + encoded body) per group; 0 for what came from the cache. */
  bytes: Record<Group, number>;
  /** Requests that reached the server, and those answered from the browser's cache. */
  network: number;
  cached: number;
  notModified: number;
  /** Milliseconds from navigation start until the sign-in form's Email field is on screen. */
  signInMs: number;
}

const dataDir = path.join(ROOT, 'bench/.data/web');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const server = await startServer(MAIN, {
  port: PORT,
  env: {
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    DEMO_PASSWORD: 'Bench-Password-1',
    APP_URL: `http://127.0.0.1:${PORT}`,
    LOG_LEVEL: 'warn',
    WEB_DIST: DIST,
  },
});

// Records, inside the page, the first frame in which the Email field is laid out (not when Playwright's polling
// sees it): checked on every DOM change and every animation frame until found. A string, so that no helper of
// the TypeScript loader leaks into the page.
const MARK_SIGN_IN_SCREEN = `(() => {
  const check = () => {
    if (window.__signInAt !== undefined) return true;
    const field = document.querySelector('input[type="email"]');
    if (field && field.getClientRects().length > 0) window.__signInAt = performance.now();
    return window.__signInAt !== undefined;
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  const frame = () => { if (!check()) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();`;

interface Network {
  name: string;
  /** Chromium's throttling (CDP Network.emulateNetworkConditions); none for loopback as it is. */
  conditions?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}
const NETWORKS: Network[] = [
  { name: 'loopback' },
  {
    name: '10 Mbit/s, 40 ms',
    conditions: { latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 5e6 / 8 },
  },
];

async function visit(context: BrowserContext, network: Network): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (network.conditions)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.conditions });
  const responses = new Map<string, { group: Group; status: number; fromCache: boolean }>();
  const servedFromCache = new Set<string>();
  // The status that came over the wire: a revalidated file shows as 200 in responseReceived, 304 here.
  const wireStatus = new Map<string, number>();
  const result: Visit = {
    bytes: { JS: 0, CSS: 0, HTML: 0, fonts: 0, API: 0, other: 0 },
    network: 0,
    cached: 0,
    notModified: 0,
    signInMs: 0,
  };
  cdp.on('Network.requestServedFromCache', (e) => {
    servedFromCache.add(e.requestId);
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    wireStatus.set(e.requestId, e.statusCode);
  });
  cdp.on('Network.responseReceived', (e) => {
    const group: Group =
      GROUPS[e.type as keyof typeof GROUPS] ??
      (new URL(e.response.url).pathname.startsWith('/api/') ? 'API' : 'other');
    responses.set(e.requestId, {
      group,
      status: e.response.status,
      fromCache: Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache),
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const response = responses.get(e.requestId);
    if (!response) return;
    result.bytes[response.group] += e.encodedDataLength;
    if (response.fromCache || servedFromCache.has(e.requestId)) result.cached++;
    else result.network++;
    if ((wireStatus.get(e.requestId) ?? response.status) === 304) result.notModified++;
  });
  await page.addInitScript({ content: MARK_SIGN_IN_SCREEN });
  await page.goto(`${server.url}/auth`);
  await page.locator('input[type="email"]').waitFor({ state: 'visible' });
  // Whatever the screen starts on its own (fonts, lazy chunks, the session check) is part of the first load.
  await page.waitForLoadState('networkidle');
  result.signInMs = await page.evaluate(() => (window as unknown as { __signInAt: number }).__signInAt);
  await page.close();
  return result;
}

const browser = await chromium.launch({
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
});
const results = NETWORKS.map((network) => ({ network, cold: [] as Visit[], warm: [] as Visit[] }));
try {
  // One visit first that is not counted: the server's and Chromium's own first-use costs.
  const warmUp = await browser.newContext();
  await visit(warmUp, NETWORKS[0]!);
  await warmUp.close();
  for (let i = 0; i < RUNS; i++) {
    for (const result of results) {
      const context = await browser.newContext();
      result.cold.push(await visit(context, result.network));
      result.warm.push(await visit(context, result.network));
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const assetBytes = (v: Visit) => v.bytes.JS + v.bytes.CSS + v.bytes.HTML + v.bytes.fonts;

const range = (visits: Visit[]) =>
  `${Math.min(...visits.map((v) => v.signInMs)).toFixed(0)}–${Math.max(...visits.map((v) => v.signInMs)).toFixed(0)}`;

function row(name: string, visits: Visit[]): string {
  const cells = [
    ...COLUMNS.map((c) => kb(median(visits.map((v) => v.bytes[c])))),
    kb(median(visits.map(assetBytes))),
    `${median(visits.map((v) => v.network))}/${median(visits.map((v) => v.cached))}/${median(visits.map((v) => v.notModified))}`,
    `${median(visits.map((v) => v.signInMs)).toFixed(0)} ms`,
    `${range(visits)} ms`,
  ];
  return `${name.padEnd(24)} ${cells.map((c) => c.padStart(11)).join(' ')}`;
}

console.log(
  `\nbench:web — GET /auth signed out in Chromium, ${RUNS} runs, medians; bytes on the wire (headers + body)`,
);
console.log(
  `${'visit'.padEnd(24)} ${[...COLUMNS, 'JS+CSS+HTML+fonts', 'net/cache/304', 'sign-in at', 'min–max'].map((c) => c.padStart(11)).join(' ')}`,
);
for (const { network, cold, warm } of results) {
  console.log(row(`${network.name}, cold`, cold));
  console.log(row(`${network.name}, warm`, warm));
}
console.log(
  'net/cache/304: requests that went to the server / answered from the browser cache / answered 304 Not Modified.',
);
console.log('sign-in at: from navigation start to the first frame with the Email field laid out.');
