// The DDEX message against the hand-reviewed expected file, and well-formed by xmllint (libxml2).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleBundle } from './bundle-testing.ts';
import { ddexMessage, isoDuration } from './ddex.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-ddex-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const options = {
  messageId: 'MSG-2026-0001',
  createdAt: '2026-02-01T12:00:00Z',
  recipient: { partyId: 'PADPIDA2014120301', name: 'Example Distributor' },
};

/** xmllint's verdict: '' when well-formed, its complaint otherwise. */
function xmllint(xml: string): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', file], { encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (err) {
    return String((err as { stderr?: string }).stderr ?? err);
  }
}

describe('DDEX NewReleaseMessage', () => {
  it('matches the expected file, byte for byte', () => {
    const expected = readFileSync(new URL('./fixtures/release.ddex.xml', import.meta.url), 'utf8');
    expect(ddexMessage(sampleBundle(), options)).toBe(expected);
  });

  it('is well-formed XML by xmllint', () => {
    expect(xmllint(ddexMessage(sampleBundle(), options))).toBe('');
  });

  it('stays well-formed whatever the names hold: markup, quotes and characters XML cannot carry', () => {
    const bundle = sampleBundle();
    bundle.release.title = `</Release><!-- & "x" ]]> \u0001\u0008 \ud800 ok`;
    bundle.release.label = `a"b'c<d>&e\tf`;
    bundle.tracks[0]!.recording.credits[2]!.roleText = '"><script>';
    const xml = ddexMessage(bundle, options);
    expect(xmllint(xml)).toBe('');
    expect(xml).toContain('&lt;/Release&gt;&lt;!-- &amp; "x" ]]&gt; \ufffd\ufffd \ufffd ok');
    expect(xml).toContain('Namespace="a&quot;b\'c&lt;d&gt;&amp;e&#9;f"');
  });

  it('lists each party once, with its IPI, and refers to it everywhere', () => {
    const xml = ddexMessage(sampleBundle(), options);
    expect(xml.match(/<FullName>Ana Sousa<\/FullName>/g)).toHaveLength(2); // the sender, and one party
    expect(xml).toContain('<IpiNameNumber>00014107338</IpiNameNumber>');
    const refs = [...xml.matchAll(/<(?:Artist|Contributor|RightsController)PartyReference>(P\d+)</g)].map(
      (m) => m[1],
    );
    const declared = new Set([...xml.matchAll(/<PartyReference>(P\d+)</g)].map((m) => m[1]));
    for (const ref of refs) expect(declared.has(ref)).toBe(true);
  });

  it('is the same for the same input and differs only in the header for another message id', () => {
    const a = ddexMessage(sampleBundle(), options);
    const b = ddexMessage(sampleBundle(), { ...options, messageId: 'MSG-2' });
    expect(ddexMessage(sampleBundle(), options)).toBe(a);
    expect(b.replace(/MSG-2</g, 'MSG-2026-0001<')).toBe(a);
  });

  it('writes durations as ISO 8601', () => {
    expect(isoDuration(200.4)).toBe('PT3M20S');
    expect(isoDuration(59)).toBe('PT59S');
    expect(isoDuration(3600)).toBe('PT1H0M0S');
    expect(isoDuration(3725)).toBe('PT1H2M5S');
  });

  it('marks a compilation as by various artists', () => {
    const bundle = sampleBundle();
    bundle.release.type = 'compilation';
    const xml = ddexMessage(bundle, options);
    expect(xml).toContain('<DisplayArtistName>Various Artists</DisplayArtistName>');
    expect(xml).toContain('<IsMultiArtistCompilation>true</IsMultiArtistCompilation>');
    expect(xmllint(xml)).toBe('');
  });
});
