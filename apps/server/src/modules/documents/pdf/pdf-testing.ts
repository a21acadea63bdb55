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
  pages: number;
}

export interface PdfReader {
  /** Writes `bytes` to a new file in the reader's directory and returns its path. */
  save(bytes: Buffer): string;
  read(bytes: Buffer): ReadBack;
  /** pdfsig's report on the file, whatever its exit code. */
  signatures(file: string): string;
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
      return { file, text: text(file, '-layout'), raw: text(file, '-raw'), pages };
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
