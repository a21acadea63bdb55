// The mastering tests' judge (issue #32): ffmpeg's own EBU R128 meter, `ebur128=peak=true` (BS.1770 loudness,
// true peak from a 192 kHz resampling), none of our code. Its summary prints one decimal, so the figures
// are read from the metadata it attaches to every frame (integrated loudness to 0.001 LU, true peak as a
// linear value to 0.001, about 0.01 dB at the ceilings tested); the last frame's are the whole file's.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Judged {
  integratedLufs: number;
  truePeakDbtp: number;
  loudnessRange: number;
}

export async function ebur128(file: string): Promise<Judged> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mixdesk-ebur128-'));
  try {
    const metadata = path.join(dir, 'frames.txt');
    await run('ffmpeg', [
      '-hide_banner',
      '-nostats',
      '-nostdin',
      '-i',
      file,
      '-af',
      `ebur128=peak=true:metadata=1,ametadata=mode=print:file=${metadata}`,
      '-f',
      'null',
      '-',
    ]);
    const text = await readFile(metadata, 'utf8');
    const last = (key: string) => {
      const values = [...text.matchAll(new RegExp(`^lavfi\\.r128\\.${key.replace('.', '\\.')}=(.+)$`, 'gm'))];
      const value = Number(values.at(-1)?.[1]);
      if (!Number.isFinite(value)) throw new Error(`ebur128 gave no ${key} for ${file}`);
      return value;
    };
    return {
      integratedLufs: last('I'),
      truePeakDbtp: 20 * Math.log10(last('true_peak')),
      loudnessRange: last('LRA'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
