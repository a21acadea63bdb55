// A refused upload is read to its end: the client can finish sending and read the answer, even when it keeps
// sending many megabytes past the limit (far more than the sockets' buffers hold), raw or multipart.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { multipart, type ProjectWithPeople, projectWithPeople, storedFiles } from './media-testing.ts';

const LIMIT = 1_000_000;
const PAST = 32 * LIMIT;
let t: TestApp;
let p: ProjectWithPeople;
let port = 0;

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: LIMIT });
  p = await projectWithPeople(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

/**
 * Sends `body` chunked (no Content-Length, so nothing is refused before it is read) with `type`; the
 * answer's status, and whether every byte went out within 15 s.
 */
async function sendChunked(url: string, type: string, body: Buffer) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (c) => {
    answer += c.toString('latin1');
  });
  const status = new Promise<number>((resolve) => {
    socket.on('data', () => {
      if (answer.includes('\r\n')) resolve(Number(answer.split(' ')[1]));
    });
  });
  const sent = new Promise<string>((resolve) => {
    socket.on('error', (err) => resolve(`error: ${err.message}`));
    socket.write(
      `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${p.owner.token}\r\n` +
        `Content-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n`,
    );
    socket.write(body);
    socket.write('\r\n0\r\n\r\n', (err) => resolve(err ? `error: ${err.message}` : 'all sent'));
  });
  const bound = new Promise<string>((resolve) =>
    setTimeout(() => resolve('still sending after 15 s'), 15_000),
  );
  try {
    return { status: await status, sent: await Promise.race([sent, bound]) };
  } finally {
    socket.destroy();
  }
}

describe('a refused upload is read to its end', () => {
  const url = () => `/api/projects/${p.projectId}/files?category=stems`;

  it('raw: 32 MB past a 1 MB limit all go out, the answer is 413, nothing is kept', async () => {
    const before = storedFiles(t.config.dataDir);
    const result = await sendChunked(url(), 'application/octet-stream', Buffer.alloc(PAST, 7));
    expect(result).toEqual({ status: 413, sent: 'all sent' });
    await expect.poll(() => storedFiles(t.config.dataDir), { timeout: 10_000 }).toEqual(before);
  }, 30_000);

  it('multipart: the same', async () => {
    const before = storedFiles(t.config.dataDir);
    const body = multipart([
      { name: 'category', value: 'stems' },
      { name: 'file', value: Buffer.alloc(PAST, 7), filename: 'huge.bin' },
    ]);
    const result = await sendChunked(url(), body.headers['content-type'], body.payload);
    expect(result).toEqual({ status: 413, sent: 'all sent' });
    await expect.poll(() => storedFiles(t.config.dataDir), { timeout: 10_000 }).toEqual(before);
  }, 30_000);
});
