// The share links' routes (issue #15), declared once for the server and the web (../routes.ts): the team's
// side under /api/projects/:id/share-links, and what whoever holds a link sees under /api/share/:token. The
// shared version's audio and download are declared too, though the server registers them by hand (bytes
// streamed back, with HTTP ranges) and the web takes their URLs from the view's answer (audioUrl,
// downloadUrl), as it does the version's peaksUrl and commentsUrl.
import { z } from 'zod';
import { OkSchema } from '../envelope.ts';
import { PeaksResponseSchema, ProjectMediaParamsSchema } from '../media.ts';
import { defineRoutes } from '../routes.ts';
import {
  CreateShareLinkSchema,
  GuestCommentListResponseSchema,
  GuestCommentResponseSchema,
  GuestCommentSchema,
  ShareAudioQuerySchema,
  ShareLinkEventsQuerySchema,
  ShareLinkEventsResponseSchema,
  ShareLinkListResponseSchema,
  ShareLinkParamsSchema,
  ShareLinkResponseSchema,
  SharePlaySchema,
  ShareStemParamsSchema,
  ShareTokenParamsSchema,
  ShareVersionParamsSchema,
  ShareViewResponseSchema,
  UnlockShareSchema,
} from '../share-links.ts';

/**
 * The version's bytes (its audio), not JSON: the server streams them from a route it registers by hand (200,
 * or 206 for a range) and the browser loads them by address, never through `call`.
 */
const AudioFile = z.custom<Blob>();

/** The team's side: a project's links, made, listed and revoked, and each one's access log. */
export const shareLinkRoutes = defineRoutes('shareLink', {
  /** The only answer that holds the link's page (`url`): the server keeps the token hashed. */
  create: {
    method: 'POST',
    path: '/api/projects/:id/share-links',
    summary: 'Create a share link',
    errors: [409],
    params: ProjectMediaParamsSchema,
    body: CreateShareLinkSchema,
    status: 201,
    response: ShareLinkResponseSchema,
  },
  list: {
    method: 'GET',
    path: '/api/projects/:id/share-links',
    summary: "List a project's share links",
    params: ProjectMediaParamsSchema,
    response: ShareLinkListResponseSchema,
  },
  revoke: {
    method: 'DELETE',
    path: '/api/projects/:id/share-links/:linkId',
    summary: 'Revoke a share link',
    params: ShareLinkParamsSchema,
    response: ShareLinkResponseSchema,
  },
  events: {
    method: 'GET',
    path: '/api/projects/:id/share-links/:linkId/events',
    summary: "List a share link's access log",
    params: ShareLinkParamsSchema,
    query: ShareLinkEventsQuerySchema,
    response: ShareLinkEventsResponseSchema,
  },
});

/** What a share link shows to whoever holds it, without an account: the token is the credential. */
export const sharedViewRoutes = defineRoutes('sharedView', {
  /** Refused with 401 while the link's password is needed, 404 once it cannot be used. */
  view: {
    method: 'GET',
    path: '/api/share/:token',
    summary: 'Open a share link',
    params: ShareTokenParamsSchema,
    response: ShareViewResponseSchema,
  },
  unlock: {
    method: 'POST',
    path: '/api/share/:token/unlock',
    summary: 'Unlock a password-protected share link',
    params: ShareTokenParamsSchema,
    body: UnlockShareSchema,
    response: ShareViewResponseSchema,
  },
  /** Registered by hand: the audio's bytes (audio/*), streamed, with HTTP ranges (206). */
  audio: {
    method: 'GET',
    path: '/api/share/:token/versions/:versionId/audio',
    summary: "Stream a shared version's audio",
    errors: [409, 416],
    params: ShareVersionParamsSchema,
    query: ShareAudioQuerySchema,
    response: AudioFile,
  },
  peaks: {
    method: 'GET',
    path: '/api/share/:token/versions/:versionId/peaks',
    summary: "Get a shared version's waveform peaks",
    params: ShareVersionParamsSchema,
    response: PeaksResponseSchema,
  },
  /** Registered by hand: the file's bytes (application/octet-stream), streamed, with HTTP ranges (206). */
  download: {
    method: 'GET',
    path: '/api/share/:token/versions/:versionId/download',
    summary: 'Download a shared version',
    errors: [416],
    params: ShareVersionParamsSchema,
    response: AudioFile,
  },
  /**
   * Registered by hand: a stem's bytes, streamed, with HTTP ranges (206); 404 unless the link allows downloads
   * and includes stems (issue #36). Its URL is in the view's `stems[].downloadUrl`.
   */
  stemDownload: {
    method: 'GET',
    path: '/api/share/:token/versions/:versionId/stems/:stemId/download',
    summary: 'Download a stem of a shared version',
    errors: [416],
    params: ShareStemParamsSchema,
    response: AudioFile,
  },
  /** The comments left through this link on the version. */
  comments: {
    method: 'GET',
    path: '/api/share/:token/versions/:versionId/comments',
    summary: 'List the comments left through a share link',
    errors: [403],
    params: ShareVersionParamsSchema,
    response: GuestCommentListResponseSchema,
  },
  comment: {
    method: 'POST',
    path: '/api/share/:token/versions/:versionId/comments',
    summary: 'Comment through a share link',
    errors: [403],
    params: ShareVersionParamsSchema,
    body: GuestCommentSchema,
    status: 201,
    response: GuestCommentResponseSchema,
  },
  /** How far a listen got (the access log's "played"). */
  play: {
    method: 'POST',
    path: '/api/share/:token/versions/:versionId/plays',
    summary: 'Record how far a listen got',
    params: ShareVersionParamsSchema,
    body: SharePlaySchema,
    response: OkSchema,
  },
});
