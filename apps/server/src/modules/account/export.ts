// The account export: everything the user owns as one JSON file, plus their stored files, in a ZIP streamed
// straight to the download (never assembled in memory). The download is a short-lived signed link, bound to the
// session that asked for it, so a plain browser navigation can fetch it.
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { AppContext, ExportedFile } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { nowIso } from '../../platform/ids.ts';
import { accountOf, findSessionUser } from '../auth/public.ts';
import { exportAvatar, getProfile } from '../profile/public.ts';
import { signPayload, verifyPayload } from './secret-box.ts';
import { type Caller, listSessions } from './service.ts';
import { twoFactorStatus } from './two-factor.ts';

export const EXPORT_LINK_TTL_MS = 5 * 60 * 1000;
const PURPOSE = 'account-export';
export const EXPORT_FORMAT = 'mixdesk-export/1';

interface LinkClaims {
  u: string;
  s: string;
  e: number;
  /** 1 when the stored files go in the ZIP too. */
  f: 0 | 1;
}

export interface ExportRequest {
  caller: Caller;
  includeFiles: boolean;
}

export function createExportLink(ctx: AppContext, caller: Caller, includeFiles: boolean) {
  const expires = Date.now() + EXPORT_LINK_TTL_MS;
  const claims: LinkClaims = { u: caller.userId, s: caller.sessionId, e: expires, f: includeFiles ? 1 : 0 };
  const token = signPayload(ctx.config.jwtSecret, PURPOSE, claims);
  return { url: `/api/account/export/download?token=${token}`, expiresAt: new Date(expires).toISOString() };
}

const expiredLink = () =>
  new AppError('NOT_FOUND', 'This download link has expired or is invalid. Start the export again.');

/** The caller behind a download link, while the link is fresh and its session still signed in. */
export async function requestOfExportLink(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<ExportRequest> {
  const claims = verifyPayload<LinkClaims>(ctx.config.jwtSecret, PURPOSE, token);
  if (!claims || typeof claims.u !== 'string' || typeof claims.s !== 'string' || !(claims.e > Date.now()))
    throw expiredLink();
  const session = await findSessionUser(ctx.db, claims.s);
  if (!session || session.id !== claims.u || session.revoked_at || session.expires_at < nowIso())
    throw expiredLink();
  return { caller: { userId: claims.u, sessionId: claims.s, ip }, includeFiles: claims.f === 1 };
}

/** Builds the export: the JSON document and the files that go beside it. */
async function collect(ctx: AppContext, { caller, includeFiles }: ExportRequest) {
  const profile = await getProfile(ctx, caller.userId);
  const user = await accountOf(ctx.db, caller.userId);
  const areas: Record<string, unknown> = {};
  const files: (ExportedFile & { open: () => Promise<Readable> })[] = [];
  for (const handler of ctx.userData) {
    const part = await handler.exportData(ctx, caller.userId);
    areas[handler.area] = part.data;
    for (const file of includeFiles ? (part.files ?? []) : [])
      files.push({ ...file, open: () => ctx.storage.get(file.storageKey) });
  }
  const avatar = includeFiles ? await exportAvatar(ctx, caller.userId, profile) : null;
  if (avatar) files.push(avatar);
  const document = {
    format: EXPORT_FORMAT,
    exportedAt: nowIso(),
    account: {
      _id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      verified: Boolean(user.verified),
      createdAt: user.created_at,
      updatedAt: user.updated_at,
    },
    profile,
    security: {
      twoFactor: await twoFactorStatus(ctx.db, caller.userId),
      sessions: await listSessions(ctx, caller),
    },
    areas,
    files: files.map((f) => f.path),
  };
  return { document, files };
}

export async function buildExport(ctx: AppContext, request: ExportRequest) {
  const { document, files } = await collect(ctx, request);
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  zip.addBuffer(Buffer.from(`${JSON.stringify(document, null, 2)}\n`), 'export.json', { mtime });
  for (const file of files) {
    zip.addReadStreamLazy(file.path, { mtime }, (done) => {
      file.open().then(
        (stream) => done(null, stream),
        (err) => {
          ctx.log.error(
            { service: 'account', err, path: file.path },
            'A stored file could not be read for an export',
          );
          done(err, undefined as unknown as NodeJS.ReadableStream);
        },
      );
    });
  }
  zip.end();
  const day = document.exportedAt.slice(0, 10);
  return { stream: zip.outputStream as Readable, filename: `mixdesk-export-${day}.zip` };
}
