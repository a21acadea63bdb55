// The label copy read back with pdftotext: every field of the release, its recordings and works is on it.
import { afterAll, describe, expect, it } from 'vitest';
import { pdfReader, readable, unwrapped } from '../../documents/pdf/pdf-testing.ts';
import { bigBundle, sampleBundle } from './bundle-testing.ts';
import { labelCopyPdf } from './label-copy.ts';

const reader = pdfReader();
afterAll(() => reader.cleanup());

describe('label copy PDF', () => {
  it('prints every field of the release, its recordings and its works', async () => {
    const bundle = sampleBundle();
    const { text, raw, pages } = reader.read(await labelCopyPdf(bundle));
    const all = unwrapped(readable(`${text}\n${raw}`));
    const has = (value: string) => expect(all, value).toContain(unwrapped(value));
    const r = bundle.release;
    for (const v of [r.title, 'Album', r.upc!, r.catalogueNumber, r.label, '20 March 2026', `© ${r.cLine}`])
      has(v);
    for (const t of bundle.tracks) {
      has(t.line.title);
      has(t.line.projectName);
      const rec = t.recording;
      if (rec.isrc)
        has(`${rec.isrc.slice(0, 2)}-${rec.isrc.slice(2, 5)}-${rec.isrc.slice(5, 7)}-${rec.isrc.slice(7)}`);
      for (const a of rec.artists) has(a.name);
      for (const c of rec.credits) has(c.name);
      for (const o of rec.masterOwners) has(o.name);
      if (rec.pLineOwner) has(`℗ ${rec.pLineYear} ${rec.pLineOwner}`);
    }
    const first = bundle.tracks[0]!.recording;
    for (const v of [
      'Producer',
      'Musician (Cello)',
      'Whistling',
      'Vocalist',
      '92.5',
      'F#m',
      first.studio,
      '2 November 2025',
      '70 %',
      '30 %',
    ])
      has(v);
    const work = bundle.tracks[0]!.work!;
    has(work.iswc!);
    for (const p of [...work.writers, ...work.publishers]) {
      has(p.name);
      has(p.ipi!);
      has(p.pro);
    }
    for (const v of ['Composer/Lyricist', 'Composer', 'Publisher', '50 %', '25 %']) has(v);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain(`Page 1 of ${pages}`);
  });

  it('embeds the fonts for every script it prints (Japanese, Arabic), with their Unicode maps', async () => {
    const bytes = await labelCopyPdf(sampleBundle());
    const { file, text } = reader.read(bytes);
    expect(readable(text)).toContain('山田 太郎');
    expect(readable(text)).toContain('نور');
    expect(text).not.toContain('?');
    for (const font of reader.fonts(file)) {
      expect(font.embedded).toBe(true);
      expect(font.unicode).toBe(true);
    }
  });

  it('gives the same bytes for the same release', async () => {
    const a = await labelCopyPdf(sampleBundle());
    const b = await labelCopyPdf(sampleBundle());
    expect(a.equals(b)).toBe(true);
  });

  it('lays out a 20-track release over several pages, every track on it', async () => {
    const bundle = bigBundle(20);
    const { raw, pages } = reader.read(await labelCopyPdf(bundle));
    expect(pages).toBeGreaterThan(1);
    for (const t of bundle.tracks) expect(raw).toContain(t.line.title);
  });
});
