// A completed document's extras for tests and previews: one typed and one drawn signature, and a
// certificate with a realistic audit trail. The drawn signature is a PNG made here, a pen stroke on a
// transparent background, so no binary file is checked in.
import { crc32, deflateSync } from 'node:zlib';
import type { RenderableDocument } from './render-document.ts';
import type { RenderExtras } from './render-extras.ts';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG of `width`×`height` whose pixel (x, y) is `ink` where `stroke(x, y)` holds, else clear. */
export function strokePng(width: number, height: number, stroke: (x: number, y: number) => boolean): Buffer {
  const ink = [31, 58, 110, 255];
  const rows = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 4); // each row starts with filter type 0
    for (let x = 0; x < width; x++) if (stroke(x, y)) rows.set(ink, row + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A wide, signature-like scrawl: a damped wave 3 px thick, three times as wide as it is high. */
export const SCRAWL_PNG = strokePng(300, 100, (x, y) => {
  const centre = 55 + 30 * Math.sin(x / 11) * Math.exp(-x / 260) - x / 12;
  return Math.abs(y - centre) < 1.6 && x > 8 && x < 292;
});

export const TYPED_SIGNATURE = 'Maya Okafor';
export const UNSIGNED_SHA256 = '9f2c4e1a7b3d5f6e8a0c2b4d6f8e1a3c5b7d9f0e2a4c6b8d0f1e3a5c7b9d2f4e';
export const LONG_USER_AGENT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.4.1 Safari/605.1.15 MixdeskDesktop/2.3.0 (build 20261124; channel stable; locale en-GB)';

type Event = NonNullable<RenderExtras['certificate']>['events'][number];

/** The audit trail of a two-party document from creation to completion, plus `extra` viewing events. */
export function auditTrail(extra = 0): Event[] {
  const chrome =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const views = Array.from({ length: extra }, (_, i) => ({
    type: 'viewed',
    at: new Date(Date.UTC(2026, 10, 25, 9, i)).toISOString(),
    actor: 'Lucas Ferreira <lucas.ferreira@example.com>',
    ip: `198.51.100.${(i % 250) + 1}`,
    userAgent: chrome,
  }));
  return [
    {
      type: 'created',
      at: '2026-11-24T10:15:00.000Z',
      actor: 'Maya Okafor',
      ip: '203.0.113.7',
      userAgent: chrome,
    },
    {
      type: 'sent',
      at: '2026-11-24T10:16:12.000Z',
      actor: 'Maya Okafor',
      ip: '203.0.113.7',
      userAgent: chrome,
    },
    {
      type: 'viewed',
      at: '2026-11-24T18:02:45.000Z',
      actor: 'Lucas Ferreira',
      ip: '2001:db8:85a3::8a2e:370:7334',
      userAgent: LONG_USER_AGENT,
    },
    ...views,
    {
      type: 'signed',
      at: '2026-11-24T18:04:09.000Z',
      actor: 'Lucas Ferreira',
      ip: '2001:db8:85a3::8a2e:370:7334',
      userAgent: LONG_USER_AGENT,
    },
    {
      type: 'signed',
      at: '2026-11-25T08:30:51.000Z',
      actor: 'Maya Okafor',
      ip: '203.0.113.7',
      userAgent: chrome,
    },
    { type: 'completed', at: '2026-11-25T08:30:51.000Z', actor: null, ip: null, userAgent: null },
  ];
}

/** Both parties signed (the primary typed, the secondary drew) and the certificate, for `doc`. */
export function completedExtras(doc: RenderableDocument, extraEvents = 0): RenderExtras {
  const [primary, secondary] = doc.signers;
  return {
    signatures: [
      {
        signerId: primary!._id,
        signedAt: '2026-11-25T08:30:51.000Z',
        mark: { kind: 'typed', text: TYPED_SIGNATURE },
      },
      {
        signerId: secondary!._id,
        signedAt: '2026-11-24T18:04:09.000Z',
        mark: { kind: 'image', png: SCRAWL_PNG },
      },
    ],
    certificate: {
      unsignedSha256: UNSIGNED_SHA256,
      completedAt: '2026-11-25T08:30:51.000Z',
      events: auditTrail(extraEvents),
    },
  };
}
