// npx tsx bench/documents-render.ts — renders an ordinary document of each template to PDF, in this process,
// BENCH_RENDER_ROUNDS times each (default 200) after a warm-up, and prints p50 and p99 in milliseconds.
// Bar: p50 under 50 ms per document. The 100-item invoice is printed too, for reference.
import { pathToFileURL } from 'node:url';
import type { TemplateName } from '@mixdesk/contract/documents';
import { FIXTURES, invoiceFixture } from '../apps/server/src/modules/documents/pdf/fixtures.ts';
import {
  type RenderableDocument,
  renderDocumentPdf,
} from '../apps/server/src/modules/documents/pdf/render-document.ts';

const WARM_UP = 20;
const BAR_P50_MS = 50;

export interface RenderFigures {
  template: string;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timeRenders(
  doc: RenderableDocument,
  rounds: number,
): Promise<Omit<RenderFigures, 'template'>> {
  for (let i = 0; i < WARM_UP; i++) await renderDocumentPdf(doc);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await renderDocumentPdf(doc);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Milliseconds per render of each template's ordinary fixture. */
export async function measureRender(rounds: number): Promise<RenderFigures[]> {
  const figures: RenderFigures[] = [];
  for (const [template, make] of Object.entries(FIXTURES) as Array<[TemplateName, () => RenderableDocument]>)
    figures.push({ template, ...(await timeRenders(make(), rounds)) });
  return figures;
}

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_RENDER_ROUNDS ?? 200);
  const rows = await measureRender(rounds);
  rows.push({
    template: 'studio-session-invoice, 100 items',
    ...(await timeRenders(invoiceFixture(100), rounds)),
  });
  console.log(
    `\n${'template'.padEnd(36)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  (${rounds} rounds)`,
  );
  for (const r of rows) {
    const verdict = r.p50 < BAR_P50_MS ? 'ok' : 'ABOVE BAR';
    console.log(
      `${r.template.padEnd(36)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)}  ${verdict}`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
