// A shared version's stems (issue #36): a link shows them, and lets a guest download each, only when it allows
// downloads and was made to include stems; otherwise they are not there at all (empty list, 404).
import type { SharedVersion } from '@mixdesk/contract/share-links';
import type { AppContext } from '../../platform/context.ts';
import { type StemRow, stemRowsOfVersions } from '../media/public.ts';
import type { ShareLinkRow } from './access.ts';

/** Whether the link gives out stems: downloads allowed, stems included. */
export const sharesStems = (link: Pick<ShareLinkRow, 'allow_download' | 'include_stems'>) =>
  Boolean(link.allow_download) && Boolean(link.include_stems);

/** The stems the link shows of these versions, by version id (none unless it gives out stems). */
export async function sharedStemsOf(
  ctx: AppContext,
  link: ShareLinkRow,
  versionIds: string[],
): Promise<Map<string, StemRow[]>> {
  const byVersion = new Map<string, StemRow[]>();
  if (!sharesStems(link)) return byVersion;
  for (const stem of await stemRowsOfVersions(ctx.db, versionIds)) {
    const list = byVersion.get(stem.version_id) ?? [];
    list.push(stem);
    byVersion.set(stem.version_id, list);
  }
  return byVersion;
}

export function presentSharedStem(token: string, stem: StemRow): SharedVersion['stems'][number] {
  return {
    _id: stem.id,
    name: stem.name,
    role: stem.role,
    format: stem.format as SharedVersion['format'],
    size: Number(stem.size),
    downloadUrl: `/api/share/${token}/versions/${stem.version_id}/stems/${stem.id}/download`,
  };
}
