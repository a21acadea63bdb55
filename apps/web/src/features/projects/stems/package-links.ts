// Where a version's package ("Download all": the mix, its stems, its markers and checksums) and a project's
// deliverables download from: the routes the contract declares, as addresses for plain download links.
import { fillPath } from '@mixdesk/contract/routes';
import { packageRoutes } from '@mixdesk/contract/routes/packages';

export const versionPackageUrl = (ref: { projectId: string; trackId: string; versionId: string }) =>
  fillPath(packageRoutes.version.path, { id: ref.projectId, trackId: ref.trackId, versionId: ref.versionId });

export const projectPackageUrl = (projectId: string) =>
  fillPath(packageRoutes.project.path, { id: projectId });
