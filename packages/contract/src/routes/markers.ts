// A version's comments as markers for a DAW (issue #35): an Audacity label track, a REAPER marker list, a
// Standard MIDI File or a WAV copy of the version with cue points. Declared here, though the server registers
// it by hand (its answer is a file, not JSON) and the web downloads it by address (`fillPath`), never through
// `call`.
import { z } from 'zod';
import { MarkersQuerySchema } from '../comments.ts';
import { VersionParamsSchema } from '../media.ts';
import { defineRoutes } from '../routes.ts';

/** The file's bytes: text/plain, text/csv, audio/midi or audio/wav, as an attachment. */
const MarkersFile = z.custom<Blob>();

export const markerRoutes = defineRoutes('marker', {
  export: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/markers',
    summary: "Export a version's comments as DAW markers",
    errors: [422],
    params: VersionParamsSchema,
    query: MarkersQuerySchema,
    response: MarkersFile,
  },
});
