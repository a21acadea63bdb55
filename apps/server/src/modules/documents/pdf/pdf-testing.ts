// Rendered and sealed PDFs read back with poppler, as any PDF reader would see them: for the tests of the
// renderer and of the seal.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ReadBack {
  file: string;
  /** pdftotext -layout, pages separated by form feeds. */
  text: string;
  /** pdftotext -raw: text in drawing order, so a wrapped table cell stays in one piece. */
  raw: string;
  /** pdftotext without options: text in reading order, block by block. */
  plain: string;
  pages: number;
}

/** One font of a PDF as pdffonts lists it. */
export interface EmbeddedFont {
  /** The font's name, with its subset tag ("ABCDEF+") when only part of it is embedded. */
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
  /** Whether it maps its glyphs back to Unicode (what text extraction and copy-paste need). */
  unicode: boolean;
}

export interface PdfReader {
  /** Writes `bytes` to a new file in the reader's directory and returns its path. */
  save(bytes: Buffer): string;
  read(bytes: Buffer): ReadBack;
  /** pdfsig's report on the file, whatever its exit code. */
  signatures(file: string): string;
  /** pdffonts' list of the file's fonts. */
  fonts(file: string): EmbeddedFont[];
  /** Removes every file saved. */
  cleanup(): void;
}

export function pdfReader(): PdfReader {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-pdf-'));
  let files = 0;
  const save = (bytes: Buffer) => {
    const file = path.join(dir, `${++files}.pdf`);
    writeFileSync(file, bytes);
    return file;
  };
  const text = (file: string, mode: string) =>
    execFileSync('pdftotext', [mode, file, '-'], { encoding: 'utf8' });
  return {
    save,
    read(bytes) {
      const file = save(bytes);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } });
      const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
      return {
        file,
        text: text(file, '-layout'),
        raw: text(file, '-raw'),
        plain: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }),
        pages,
      };
    },
    fonts(file) {
      const lines = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2);
      return lines
        .filter((line) => line.trim() !== '')
        .map((line) => {
          // name, type (may hold spaces), encoding, then emb sub uni as yes/no, then the object id.
          const match = /^(\S+)\s+(.+?)\s+(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
          if (!match) throw new Error(`pdffonts line not understood: ${line}`);
          return {
            name: match[1]!,
            type: match[2]!,
            embedded: match[4] === 'yes',
            subset: match[5] === 'yes',
            unicode: match[6] === 'yes',
          };
        });
    },
    signatures(file) {
      const run = spawnSync('pdfsig', [file], { encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } });
      return `${run.stdout}${run.stderr}`;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const words = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Text with all white space taken out: what survives any line wrapping. */
export const unwrapped = (text: string) => text.replace(/\s+/g, '');

/**
 * Extracted text as a reader compares it: without the direction marks pdftotext puts around right-to-left
 * runs (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F), Arabic presentation forms folded to their letters
 * (NFKC), and white space collapsed.
 */
export const readable = (text: string) =>
  words(text.replace(/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/g, '').normalize('NFKC'));
