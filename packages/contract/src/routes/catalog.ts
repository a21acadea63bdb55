// Credits, splits and releases' routes (issue #37), declared once for the server and the web (../routes.ts):
// works, a track's recording, releases (with their readiness, label copy, DDEX and CSV), the rounds of
// agreement on splits and the parties' links (/api/agree/:token, no session: the token is the credential),
// and the private release calendar feed (/api/calendar/:token.ics, read by calendar apps).
import { z } from 'zod';
import {
  AgreeAnswerResponseSchema,
  AgreeTokenParamsSchema,
  AgreeViewResponseSchema,
  CalendarResponseSchema,
  CalendarTokenParamsSchema,
  DeclineSchema,
  IdParamsSchema,
  ImportResponseSchema,
  ReadinessResponseSchema,
  RecordingInputSchema,
  RecordingParamsSchema,
  RecordingResponseSchema,
  ReleaseInputSchema,
  ReleaseListResponseSchema,
  ReleaseResponseSchema,
  RoundResponseSchema,
  WorkInputSchema,
  WorkListResponseSchema,
  WorkResponseSchema,
} from '../catalog.ts';
import { OkSchema } from '../envelope.ts';
import { defineRoutes } from '../routes.ts';

/** A file answered as bytes (PDF, XML, CSV, image, calendar). */
const FileBody = z.custom<Blob>();

export const workRoutes = defineRoutes('work', {
  list: {
    method: 'GET',
    path: '/api/works',
    summary: 'List my works (compositions)',
    response: WorkListResponseSchema,
  },
  create: {
    method: 'POST',
    path: '/api/works',
    summary: 'Create a work: title, ISWC, writers and publishers with their shares',
    body: WorkInputSchema,
    status: 201,
    response: WorkResponseSchema,
    errors: [409],
  },
  get: {
    method: 'GET',
    path: '/api/works/:id',
    summary: 'Get a work with its splits and their agreement',
    params: IdParamsSchema,
    response: WorkResponseSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/works/:id',
    summary: 'Replace a work (a change to agreed splits returns them to pending)',
    params: IdParamsSchema,
    body: WorkInputSchema,
    response: WorkResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/works/:id',
    summary: 'Delete a work (recordings of it keep their data without the link)',
    params: IdParamsSchema,
    response: OkSchema,
  },
  agreement: {
    method: 'POST',
    path: '/api/works/:id/agreement',
    summary: "Send a round of agreement on a work's splits to every party",
    params: IdParamsSchema,
    response: RoundResponseSchema,
    errors: [409],
  },
  splitSheet: {
    method: 'GET',
    path: '/api/works/:id/split-sheet.pdf',
    summary: "Download a work's sealed split sheet (once every party agreed)",
    params: IdParamsSchema,
    response: FileBody,
    errors: [409],
  },
});

export const recordingRoutes = defineRoutes('recording', {
  get: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/recording',
    summary: "Get a track's recording: ISRC, artists, credits, master owners, BPM and key",
    params: RecordingParamsSchema,
    response: RecordingResponseSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/projects/:id/tracks/:trackId/recording',
    summary: "Replace a track's recording (a change to agreed splits returns them to pending)",
    params: RecordingParamsSchema,
    body: RecordingInputSchema,
    response: RecordingResponseSchema,
    errors: [409],
  },
  agreement: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/recording/agreement',
    summary: "Send a round of agreement on a recording's master split to every owner",
    params: RecordingParamsSchema,
    response: RoundResponseSchema,
    errors: [409],
  },
  splitSheet: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/recording/split-sheet.pdf',
    summary: "Download a recording's sealed master split sheet (once every owner agreed)",
    params: RecordingParamsSchema,
    response: FileBody,
    errors: [409],
  },
});

export const releaseRoutes = defineRoutes('release', {
  list: {
    method: 'GET',
    path: '/api/releases',
    summary: 'List my releases',
    response: ReleaseListResponseSchema,
  },
  create: {
    method: 'POST',
    path: '/api/releases',
    summary: 'Create a release: title, type, UPC/EAN, label and its ordered tracks',
    body: ReleaseInputSchema,
    status: 201,
    response: ReleaseResponseSchema,
    errors: [409],
  },
  get: {
    method: 'GET',
    path: '/api/releases/:id',
    summary: 'Get a release with its track list',
    params: IdParamsSchema,
    response: ReleaseResponseSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/releases/:id',
    summary: 'Replace a release (its artwork stays)',
    params: IdParamsSchema,
    body: ReleaseInputSchema,
    response: ReleaseResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/releases/:id',
    summary: 'Delete a release and its artwork',
    params: IdParamsSchema,
    response: OkSchema,
  },
  readiness: {
    method: 'GET',
    path: '/api/releases/:id/readiness',
    summary: 'List every missing or invalid field across a release, its recordings and works',
    params: IdParamsSchema,
    response: ReadinessResponseSchema,
  },
  /** Registered by hand: the body is the image itself (image/jpeg or image/png). */
  putArtwork: {
    method: 'PUT',
    path: '/api/releases/:id/artwork',
    summary: "Upload a release's artwork (JPEG or PNG, square, 1400 to 6000 px, RGB)",
    params: IdParamsSchema,
    response: ReleaseResponseSchema,
    errors: [413, 415, 422, 507],
  },
  artwork: {
    method: 'GET',
    path: '/api/releases/:id/artwork',
    summary: "Download a release's artwork",
    params: IdParamsSchema,
    response: FileBody,
  },
  removeArtwork: {
    method: 'DELETE',
    path: '/api/releases/:id/artwork',
    summary: "Remove a release's artwork",
    params: IdParamsSchema,
    response: ReleaseResponseSchema,
  },
  labelCopy: {
    method: 'GET',
    path: '/api/releases/:id/label-copy.pdf',
    summary: 'Download the label copy of a release (PDF)',
    params: IdParamsSchema,
    response: FileBody,
  },
  ddex: {
    method: 'GET',
    path: '/api/releases/:id/ddex.xml',
    summary: 'Download a release as a DDEX ERN 4-style NewReleaseMessage (XML)',
    params: IdParamsSchema,
    response: FileBody,
  },
  exportCsv: {
    method: 'GET',
    path: '/api/releases/:id/export.csv',
    summary: 'Export a release with its recordings and works as CSV',
    params: IdParamsSchema,
    response: FileBody,
  },
  /** Registered by hand: the body is the CSV itself (text/csv). */
  importCsv: {
    method: 'POST',
    path: '/api/releases/import',
    summary: 'Import works, recordings and releases from CSV (all rows or none)',
    response: ImportResponseSchema,
    errors: [409, 413, 415],
  },
});

/** A party's emailed link: no session, the token in the path is the credential. */
export const agreeRoutes = defineRoutes('agree', {
  view: {
    method: 'GET',
    path: '/api/agree/:token',
    summary: 'Open a split to accept or decline',
    params: AgreeTokenParamsSchema,
    response: AgreeViewResponseSchema,
  },
  accept: {
    method: 'POST',
    path: '/api/agree/:token/accept',
    summary: 'Accept a split',
    params: AgreeTokenParamsSchema,
    response: AgreeAnswerResponseSchema,
    errors: [409, 410],
  },
  decline: {
    method: 'POST',
    path: '/api/agree/:token/decline',
    summary: 'Decline a split, with a reason',
    params: AgreeTokenParamsSchema,
    body: DeclineSchema,
    response: AgreeAnswerResponseSchema,
    errors: [409, 410],
  },
});

export const calendarRoutes = defineRoutes('calendar', {
  get: {
    method: 'GET',
    path: '/api/calendar',
    summary: "Get my release calendar feed's private address (made on first call)",
    response: CalendarResponseSchema,
  },
  reset: {
    method: 'POST',
    path: '/api/calendar/reset',
    summary: 'Replace my calendar feed address (the old one stops working)',
    response: CalendarResponseSchema,
  },
  /** `:token` is the feed's token followed by `.ics`. */
  feed: {
    method: 'GET',
    path: '/api/calendar/:token',
    summary: 'The release calendar as iCalendar (subscribe to it with its private address)',
    params: CalendarTokenParamsSchema,
    response: FileBody,
  },
});
