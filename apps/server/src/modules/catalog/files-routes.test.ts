// The label copy and the DDEX message through the API (issue #37): the owner's release as a PDF with its fields
// (pdftotext) and as well-formed XML (xmllint) naming its ISRCs and UPC.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { pdfReader, readable } from '../documents/pdf/pdf-testing.ts';
import {
  CODES,
  projectWithTrack,
  recordingBody,
  recordingUrl,
  releaseBody,
  send,
  workBody,
} from './catalog-testing.ts';

let t: TestApp;
let me: SignedIn;
let releaseId: string;
const reader = pdfReader();
const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-files-'));

beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app, { name: 'Files Owner' });
  const p = await projectWithTrack(t.app, me, 'Night Drive');
  const work = (await send(t.app, me, 'POST', '/api/works', workBody())).json().data.work;
  expect(
    (await send(t.app, me, 'PUT', recordingUrl(p), recordingBody({ workId: work._id }))).statusCode,
  ).toBe(200);
  const release = await send(
    t.app,
    me,
    'POST',
    '/api/releases',
    releaseBody([p], { title: 'Night <Drive> & Co' }),
  );
  releaseId = release.json().data.release._id;
});
afterAll(async () => {
  reader.cleanup();
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe('release files', () => {
  it('label copy: a PDF with the release, recording and work on it', async () => {
    const res = await send(t.app, me, 'GET', `/api/releases/${releaseId}/label-copy.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('label%20copy.pdf');
    const text = readable(reader.read(res.rawPayload).raw);
    for (const v of [
      'Night <Drive> & Co',
      'EP',
      CODES.upc,
      'LBL-001',
      'Label Ltd',
      '5 February 2027',
      CODES.isrc,
      CODES.iswc,
      CODES.ipi,
      'Ada Writer',
      'North Songs Ltd',
      'Pat Producer',
      'Musician (Guitar)',
      'The Band',
      '100 %',
      'Studio Two',
    ])
      expect(text, v).toContain(v);
  });

  it('DDEX: well-formed XML (xmllint) with the release’s codes, escaped', async () => {
    const res = await send(t.app, me, 'GET', `/api/releases/${releaseId}/ddex.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const file = path.join(dir, 'ddex.xml');
    writeFileSync(file, res.rawPayload);
    execFileSync('xmllint', ['--noout', file]);
    expect(res.body).toContain(`<ICPN>${CODES.upc}</ICPN>`);
    expect(res.body).toContain(`<ISRC>${CODES.isrcStored}</ISRC>`);
    expect(res.body).toContain('<TitleText>Night &lt;Drive&gt; &amp; Co</TitleText>');
    // A message id per download.
    const again = await send(t.app, me, 'GET', `/api/releases/${releaseId}/ddex.xml`);
    expect(again.body.match(/<MessageId>([^<]+)</)![1]).not.toBe(res.body.match(/<MessageId>([^<]+)</)![1]);
  });

  it('a release that does not exist, or a malformed id, is a 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope'])
      for (const file of ['label-copy.pdf', 'ddex.xml', 'export.csv'])
        expect((await send(t.app, me, 'GET', `/api/releases/${id}/${file}`)).statusCode).toBe(404);
  });
});
