// The audit trail: one stored event per thing that happened to a document, with who, when and from where.
import type { AuditEvent } from '@mixdesk/contract/document-responses';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { newId, nowIso } from '../../platform/ids.ts';

export interface Actor {
  name: string;
  email: string;
}

/** Where a request came from, as the audit trail keeps it. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

export const originOf = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, 400) ?? null,
});

export async function recordEvent(
  db: Kysely<DB>,
  documentId: string,
  type: AuditEvent['type'],
  actor: Actor | null,
  origin: RequestOrigin,
  details: Record<string, unknown> = {},
  at = nowIso(),
): Promise<void> {
  await db
    .insertInto('document_events')
    .values({
      id: newId(),
      document_id: documentId,
      type,
      actor_name: actor?.name ?? null,
      actor_email: actor?.email ?? null,
      ip: origin.ip,
      user_agent: origin.userAgent,
      details: JSON.stringify(details),
      created_at: at,
    })
    .execute();
}
