// The S3-compatible server the tests use (test/s3-server.ts starts it): s3rver from npm, a stand-in for AWS S3,
// MinIO or Cloudflare R2, in a process of its own so that its memory and CPU are not the tested process's.
// Arguments: the directory to store in and the bucket to create. Prints {"port":N} once listening.
//
// s3rver 3.7 lacks three things of S3 that the storage relies on, added here as S3 documents them:
// - AbortMultipartUpload (DELETE ?uploadId), ListMultipartUploads (GET /bucket?uploads) and ListParts (GET
//   ?uploadId, which resumable uploads read their offset from), which it refuses;
// - UploadPart into an upload that does not exist (aborted): 404 NoSuchUpload, where it would store the part;
// - an object or part is answered for only once its bytes are written (it answered while still writing, so
//   a read right after could see part of them), and written beside its name, then renamed into place.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket }] });
const store = s3rver.store;
/** Where s3rver keeps the parts of a pending multipart upload, one folder per upload. */
const uploadsDir = (bucketName) => store.getResourcePath(bucketName, undefined, 'uploads');

/** Writes `content` whole beside `file`, then renames it into place; its size and MD5 (S3's ETag). */
async function writeWhole(file, content) {
  const hash = createHash('md5');
  let size = 0;
  const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await pipeline(
      Buffer.isBuffer(content) ? Readable.from([content]) : content,
      new Transform({
        transform(chunk, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      }),
      createWriteStream(partial),
    );
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return { size, md5: hash.digest('hex') };
}

store.putObject = async (object) => {
  const file = store.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(path.dirname(file), { recursive: true });
  const { size, md5 } = await writeWhole(file, object.content);
  await store.putMetadata(object.bucket, object.key, object.metadata, md5);
  return { size, md5 };
};

store.putPart = async (bucketName, uploadId, partNumber, content) => {
  // No mkdir: the upload's folder exists until it is completed or aborted.
  const file = path.join(uploadsDir(bucketName), uploadId, String(partNumber));
  const { size, md5 } = await writeWhole(file, content);
  await writeWhole(`${file}.md5`, Buffer.from(md5));
  return { size, md5 };
};

const escapeXml = (s) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]);

function sendXml(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

function noSuchUpload(req, res, uploadId) {
  req.resume();
  req.on('end', () =>
    sendXml(
      res,
      404,
      `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`,
    ),
  );
}

async function listUploads(res, bucketName, prefix) {
  const ids = await readdir(uploadsDir(bucketName)).catch(() => []);
  const uploads = [];
  for (const id of ids.sort()) {
    const key = await readFile(path.join(uploadsDir(bucketName), id, 'key'), 'utf8').catch(() => null);
    if (key === null || !key.startsWith(prefix)) continue;
    const { birthtime } = await stat(path.join(uploadsDir(bucketName), id));
    uploads.push(
      `<Upload><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId><Initiated>${birthtime.toISOString()}</Initiated></Upload>`,
    );
  }
  sendXml(
    res,
    200,
    `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(bucketName)}</Bucket><Prefix>${escapeXml(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
  );
}

/** ListParts (GET /bucket/key?uploadId): the parts stored so far, in order, with their sizes and ETags. */
async function listParts(res, bucketName, key, uploadId) {
  const dir = path.join(uploadsDir(bucketName), uploadId);
  const numbers = (await readdir(dir))
    .filter((name) => /^[0-9]+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = [];
  for (const n of numbers) {
    const [info, md5] = await Promise.all([
      stat(path.join(dir, String(n))),
      readFile(path.join(dir, `${n}.md5`), 'utf8').catch(() => null),
    ]);
    // A part without its ETag beside it is still being written: not stored yet.
    if (md5 === null) continue;
    parts.push(
      `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`,
    );
  }
  sendXml(
    res,
    200,
    `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(bucketName)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
  );
}

/** Answers what s3rver lacks; false for everything else, which s3rver answers. */
function multipartExtras(req, res) {
  const url = new URL(req.url, 'http://s3rver');
  const [, bucketName = '', ...rest] = url.pathname.split('/');
  if (!/^[a-z0-9.-]+$/.test(bucketName)) return false;
  const key = decodeURIComponent(rest.join('/'));
  const uploadId = url.searchParams.get('uploadId');
  if (req.method === 'GET' && !key && url.searchParams.has('uploads')) {
    void listUploads(res, bucketName, url.searchParams.get('prefix') ?? '');
    return true;
  }
  if (uploadId === null || !key) return false;
  const known =
    /^[0-9a-f]{32}$/.test(uploadId) && existsSync(path.join(uploadsDir(bucketName), uploadId, 'key'));
  if (!known) {
    noSuchUpload(req, res, uploadId);
    return true;
  }
  if (req.method === 'GET') {
    void listParts(res, bucketName, key, uploadId);
    return true;
  }
  if (req.method !== 'DELETE') return false;
  void rm(path.join(uploadsDir(bucketName), uploadId), { recursive: true, force: true }).then(() => {
    res.writeHead(204);
    res.end();
  });
  return true;
}

await s3rver.configureBuckets();
const handle = s3rver.callback();
const server = http.createServer((req, res) => {
  if (!multipartExtras(req, res)) handle(req, res);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
