// Packages (issue #36): many stored files as one ZIP (stored, not deflated; ZIP64), its size known before the
// first byte, so it answers Content-Length and byte ranges (a broken 10 GB download resumes). Declared here,
// though the server registers them by hand (the answer is a file, not JSON) and the web downloads them by
// address (`fillPath`), never through `call`.
import { z } from 'zod';
import { ProjectMediaParamsSchema, VersionParamsSchema } from '../media.ts';
import { defineRoutes } from '../routes.ts';
import { ShareVersionParamsSchema } from '../share-links.ts';

/** application/zip, as an attachment. */
const ZipFile = z.custom<Blob>();

export const packageRoutes = defineRoutes('package', {
  /** A version: the mix, its stems, its markers and checksums.sha256. */
  version: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/package.zip',
    summary: 'Download a version as a ZIP package',
    errors: [416],
    params: VersionParamsSchema,
    response: ZipFile,
  },
  /** Deliverables: every track's current version with its stems, a folder each, and the project's files. */
  project: {
    method: 'GET',
    path: '/api/projects/:id/package.zip',
    summary: "Download a project's deliverables as a ZIP package",
    errors: [416],
    params: ProjectMediaParamsSchema,
    response: ZipFile,
  },
  /** A guest's package of a shared version: only when the link allows downloads (else 404). */
  shared: {
    method: 'GET',
    path: '/api/share/:token/versions/:versionId/package.zip',
    summary: 'Download a shared version as a ZIP package',
    errors: [416],
    params: ShareVersionParamsSchema,
    response: ZipFile,
  },
});
