// The JavaScript a browser must fetch before the first screen: the entry chunk of Vite's manifest and every
// chunk it imports statically, transitively (what index.html lists as modulepreload). Chunks reached only
// through a dynamic import() (lazy routes, lazily loaded libraries) are not part of it.

/**
 * @typedef {{ file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 */

/** Budget for the first load's JavaScript, gzipped: 170 KiB (170 × 1024 bytes). */
export const FIRST_LOAD_BUDGET_BYTES = 170 * 1024;

/**
 * The files (relative to dist) of the first load: `scripts` in load order from the entry, and the `styles`
 * those chunks bring.
 * @param {Manifest} manifest
 * @returns {{ scripts: string[], styles: string[] }}
 */
export function firstLoadFiles(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1)
    throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  const scripts = [];
  const styles = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk "${key}"`);
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entries[0]);
  return { scripts, styles: [...styles] };
}
