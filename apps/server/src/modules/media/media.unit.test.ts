// Pure pieces of the media area: content sniffing, Range parsing, Content-Disposition, safe names, peaks.

import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { normalizeIsrc } from '@mixdesk/contract/media';
import { describe, expect, it } from 'vitest';
import { PeakReducer } from './peaks.ts';
import { contentDisposition, parseRange } from './send-object.ts';
import { SNIFF_BYTES, SniffGate, sniffAudio, sniffFileType } from './sniff.ts';
import { safeFileName } from './upload.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffAudio', () => {
  it.each([
    ['wav', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')],
    ['wav', bytes('RF64', [0xff, 0xff, 0xff, 0xff], 'WAVEds64')],
    ['aiff', bytes('FORM', [0, 0, 0, 9], 'AIFFCOMM')],
    ['aiff', bytes('FORM', [0, 0, 0, 9], 'AIFCFVER')],
    ['flac', bytes('fLaC', [0, 0, 0, 34])],
    ['ogg', bytes('OggS', [0, 2])],
    ['mp4', bytes([0, 0, 0, 0x18], 'ftypM4A ')],
    ['id3', bytes('ID3', [4, 0, 0])],
    ['mpeg', bytes([0xff, 0xfb, 0x90, 0x64])],
    ['adts', bytes([0xff, 0xf1, 0x50, 0x80])],
  ])('recognises %s', (family, head) => {
    expect(sniffAudio(head)).toBe(family);
  });

  it.each([
    ['text renamed .wav', bytes('hello, this is not audio at all')],
    ['a PNG', bytes([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])],
    ['RIFF that is not WAVE', bytes('RIFF', [1, 2, 3, 4], 'AVI LIST')],
    ['an HLS playlist', bytes('#EXTM3U\n#EXT-X-VERSION:3')],
    ['empty', Buffer.alloc(0)],
    ['a lone 0xff', bytes([0xff])],
    ['an MPEG sync word with a reserved layer', bytes([0xff, 0xe0, 0, 0])],
  ])('refuses %s', (_name, head) => {
    expect(sniffAudio(head)).toBeNull();
  });
});

describe('sniffFileType', () => {
  it('believes content over names, and names only where content cannot say', () => {
    expect(sniffFileType(bytes([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]), 'cover.jpg')).toBe('image/png');
    expect(sniffFileType(bytes('not an image'), 'cover.png')).toBe('application/octet-stream');
    expect(sniffFileType(bytes('%PDF-1.7'), 'x')).toBe('application/pdf');
    expect(sniffFileType(bytes('Verse one'), 'lyrics.txt')).toBe('text/plain');
    expect(sniffFileType(bytes('<script>alert(1)</script>'), 'x.html')).toBe('application/octet-stream');
    expect(sniffFileType(bytes('junk'), 'bass.wav')).toBe('application/octet-stream');
    expect(sniffFileType(bytes('RIFF', [1, 2, 3, 4], 'WAVE'), 'bass.bin')).toBe('audio/wav');
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['items=0-5', { kind: 'full' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
    ['bytes=1000-', { kind: 'invalid' }],
    ['bytes=5-2', { kind: 'invalid' }],
    ['bytes=-0', { kind: 'invalid' }],
    ['bytes=-', { kind: 'invalid' }],
    ['bytes=abc', { kind: 'invalid' }],
    ['bytes=99999999999999999999-', { kind: 'invalid' }],
    ['nonsense', { kind: 'invalid' }],
  ])('%s of 1000 bytes', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('finds no satisfiable range in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'invalid' });
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name (RFC 5987)', () => {
    expect(contentDisposition('attachment', 'Mix v3.wav')).toBe(
      `attachment; filename="Mix v3.wav"; filename*=UTF-8''Mix%20v3.wav`,
    );
    expect(contentDisposition('inline', 'Björk – “Jóga”.flac')).toBe(
      `inline; filename="Bj_rk _ _J_ga_.flac"; filename*=UTF-8''Bj%C3%B6rk%20%E2%80%93%20%E2%80%9CJ%C3%B3ga%E2%80%9D.flac`,
    );
  });

  it('cannot be broken out of by quotes, semicolons, newlines or NUL', () => {
    const header = contentDisposition('attachment', 'a"; filename=evil.html\r\nX-Injected: 1\u0000.wav');
    expect([...header].every((c) => c >= ' ' && c <= '~')).toBe(true);
    expect(header.match(/filename="([^"]*)"/)?.[1]).toBe('a__ filename=evil.htmlX-Injected: 1.wav');
  });
});

describe('safeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['mix\u0000.wav', 'mix.wav'],
    ['  Final Master.wav  ', 'Final Master.wav'],
    ['..', 'untitled'],
    ['', 'untitled'],
    [undefined, 'untitled'],
    ['evil\u202egnp.exe', 'evilgnp.exe'],
  ])('%j -> %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it('keeps at most 255 characters', () => {
    expect(safeFileName(`${'a'.repeat(400)}.wav`)).toHaveLength(255);
  });
});

describe('PeakReducer', () => {
  it('keeps the loudest sample per slice, from 0 to 1', () => {
    const r = new PeakReducer();
    const pcm = new Int16Array(44_100);
    pcm[10] = -32768;
    pcm[30_000] = 16384;
    r.push(pcm);
    const peaks = r.finish(10);
    expect(peaks).toHaveLength(10);
    expect(peaks[0]).toBe(1);
    expect(peaks[6]).toBeCloseTo(0.5, 3);
    expect(peaks.filter((p) => p > 0)).toHaveLength(2);
    expect(r.samples).toBe(44_100);
  });

  it('stays bounded for long files and still covers all of them', () => {
    const r = new PeakReducer();
    const block = new Int16Array(1 << 16).fill(100);
    for (let i = 0; i < 200; i++) r.push(block);
    const last = new Int16Array(1000).fill(32767);
    r.push(last);
    const peaks = r.finish();
    expect(peaks).toHaveLength(1000);
    expect(peaks.at(-1)).toBe(1);
    expect(peaks[0]).toBeCloseTo(100 / 32767, 4);
  });

  it('gives fewer peaks than asked for a very short file, and none for silence of length 0', () => {
    const r = new PeakReducer();
    r.push(new Int16Array(100).fill(1000));
    expect(r.finish().length).toBeLessThanOrEqual(100);
    expect(new PeakReducer().finish()).toEqual([]);
  });
});

describe('normalizeIsrc', () => {
  it.each([
    ['US-RC1-76-07839', 'US-RC1-76-07839'],
    ['usrc17607839', 'US-RC1-76-07839'],
    [' GB-AAA-24-00001 ', 'GB-AAA-24-00001'],
    ['US-RC17607839', null],
    ['USRC1760783', null],
    ['1SRC17607839', null],
    ['US-RC1-7A-07839', null],
    ['US_RC1_76_07839', null],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeIsrc(input)).toBe(expected);
  });
});

describe('SniffGate', () => {
  const wav = Buffer.concat([bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '), Buffer.alloc(200, 7)]);
  const gate = () =>
    new SniffGate(
      (head) => (sniffAudio(head) ? null : new Error('not audio')),
      () => new Error('empty'),
    );
  const run = async (chunks: Buffer[]) => {
    const g = gate();
    const [out] = await Promise.all([buffer(g), pipeline(Readable.from(chunks), g)]);
    return { bytes: out, head: g.head };
  };

  it('judges the first bytes even when they arrive split, and passes every byte on unchanged', async () => {
    const split = [wav.subarray(0, 3), wav.subarray(3, 10), wav.subarray(10, 70), wav.subarray(70)];
    const { bytes: out, head } = await run(split);
    expect(out.equals(wav)).toBe(true);
    expect(head.equals(wav.subarray(0, SNIFF_BYTES))).toBe(true);
  });

  it('judges a file shorter than the sniffed length at its end', async () => {
    const short = bytes('RIFF', [1, 2, 3, 4], 'WAVE');
    expect((await run([short])).bytes.equals(short)).toBe(true);
  });

  it('refuses content its check refuses, and an empty stream', async () => {
    await expect(
      run([Buffer.from('plain text, not a mix, long enough to be judged at once: 0123456789abcdef')]),
    ).rejects.toThrow('not audio');
    await expect(run([])).rejects.toThrow('empty');
  });
});
