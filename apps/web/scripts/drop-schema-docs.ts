// A Vite plugin: the contract (packages/contract/src/) carries words and forms meant for the OpenAPI document
// the server publishes (decision 046): each route's `summary` and `errors`, and schemas' `.describe(…)` and
// `.meta({…})` (a format, a pattern, an enum listed, a minimum of properties). Neither changes what a schema
// accepts, and the browser never reads them, so the web's build leaves them out of the contract it bundles,
// keeping them off the first screen's JavaScript budget.
import type { Plugin } from 'vite';

const CONTRACT_FILE = /[\\/]packages[\\/]contract[\\/]src[\\/].+\.ts$/;
const ROUTE_FILE = /[\\/]packages[\\/]contract[\\/]src[\\/]routes[\\/][^\\/]+\.ts$/;
const SUMMARY = /\bsummary:\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),?/g;
const ERRORS = /\berrors:\s*\[[\d,\s]*\],?/g;
const DOC_CALL = /\.(?:describe|meta)\(/g;

/** Where the call whose `(` is at `open` ends (after its `)`), skipping strings and nested brackets; -1 if never. */
function callEnd(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** `code` without its schemas' `.describe(…)` and `.meta(…)` calls. */
export function dropDocCalls(code: string): string {
  let out = '';
  let from = 0;
  for (const match of code.matchAll(DOC_CALL)) {
    const start = match.index;
    if (start < from) continue;
    const end = callEnd(code, start + match[0].length - 1);
    if (end === -1) break;
    out += code.slice(from, start);
    from = end;
  }
  return out + code.slice(from);
}

/** A contract file as the web bundles it: without what only the OpenAPI document reads. */
export function dropSchemaDocs(code: string, id: string): string | null {
  if (!CONTRACT_FILE.test(id)) return null;
  const routes = ROUTE_FILE.test(id) ? code.replace(SUMMARY, '').replace(ERRORS, '') : code;
  return dropDocCalls(routes);
}

export function dropSchemaDocsPlugin(): Plugin {
  return {
    name: 'mixdesk-drop-schema-docs',
    enforce: 'pre',
    transform(code, id) {
      const dropped = dropSchemaDocs(code, id);
      return dropped === null ? null : { code: dropped, map: null };
    },
  };
}
