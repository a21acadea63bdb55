// Runs after `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text file of dist, which
// the server sends by content negotiation, then prints the JavaScript before the first screen and fails the
// build when it is over the budget (decision 012).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { FIRST_LOAD_BUDGET_BYTES, firstLoadFiles } from './first-load.mjs';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
/** Text formats; fonts and images are compressed formats already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map', '.xml']);

/** Every file under dir, relative to it, except Vite's own .vite folder (the manifest is not served). */
async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith(`.vite${path.sep}`));
}

/** Writes file.br and file.gz at the strongest settings (build time, not request time); returns their sizes. */
async function precompress(file) {
  const source = await readFile(path.join(DIST, file));
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    writeFile(path.join(DIST, `${file}.br`), br),
    writeFile(path.join(DIST, `${file}.gz`), gz),
  ]);
  return { raw: source.length, br: br.length, gz: gz.length };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const files = (await filesUnder(DIST)).filter(
  (file) => COMPRESSIBLE.has(path.extname(file)) && !file.endsWith('.br') && !file.endsWith('.gz'),
);
const sizes = new Map();
await Promise.all(
  files.map(async (file) => {
    sizes.set(file, await precompress(file));
  }),
);
console.log(`precompressed ${files.length} files in dist (.br and .gz beside each)`);

const manifest = JSON.parse(await readFile(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const { scripts, styles } = firstLoadFiles(manifest);
const sizeOf = async (file) =>
  sizes.get(file) ?? { raw: (await stat(path.join(DIST, file))).size, br: 0, gz: 0 };
console.log('\nJavaScript before the first screen (entry + its static imports):');
const total = { raw: 0, br: 0, gz: 0 };
for (const file of scripts) {
  const size = await sizeOf(file);
  for (const key of Object.keys(total)) total[key] += size[key];
  console.log(
    `  ${file.padEnd(44)} ${kib(size.raw).padStart(11)} ${kib(size.gz).padStart(11)} gzip ${kib(size.br).padStart(11)} br`,
  );
}
console.log(
  `  ${'total'.padEnd(44)} ${kib(total.raw).padStart(11)} ${kib(total.gz).padStart(11)} gzip ${kib(total.br).padStart(11)} br`,
);
for (const file of styles) {
  const size = await sizeOf(file);
  console.log(`  (CSS ${file}: ${kib(size.gz)} gzip, ${kib(size.br)} br)`);
}
const within = total.gz <= FIRST_LOAD_BUDGET_BYTES;
console.log(
  `\nfirst-load JavaScript: ${kib(total.gz)} gzip (${total.gz} bytes); budget ${kib(FIRST_LOAD_BUDGET_BYTES)} (170 × 1024 bytes): ${within ? 'within' : 'OVER'}`,
);
if (!within) {
  console.error(
    'The first screen needs too much JavaScript: load the new code lazily (a route `lazy`, a dynamic import()) or raise the budget in a decision record.',
  );
  process.exit(1);
}
