// A version's stems (packages/contract/src/routes/stems.ts): the list with its null test, a stem's name and
// role, its removal, and the null test asked for again. Uploads go through upload-stems.ts.
import { stemRoutes as routes } from '@mixdesk/contract/routes/stems';
import { call } from '../../../lib/call';
import type { VersionRef } from '../../../lib/tracks-api';

export const stemKeys = {
  list: (versionId: string) => ['stems', versionId] as const,
};

const paramsOf = (ref: VersionRef) => ({ id: ref.projectId, trackId: ref.trackId, versionId: ref.versionId });

export async function fetchStems(ref: VersionRef, signal?: AbortSignal) {
  return (await call(routes.list, { params: paramsOf(ref) }, { signal })).data;
}

export type StemList = Awaited<ReturnType<typeof fetchStems>>;

export async function fetchNullTest(ref: VersionRef, signal?: AbortSignal) {
  return (await call(routes.nullTest, { params: paramsOf(ref) }, { signal })).data.nullTest;
}

export async function runNullTest(ref: VersionRef) {
  return (await call(routes.runNullTest, { params: paramsOf(ref) })).data.nullTest;
}

export async function updateStem(
  ref: VersionRef,
  stemId: string,
  body: { name?: string; role?: string | null },
) {
  return (await call(routes.update, { params: { ...paramsOf(ref), stemId }, body })).data.stem;
}

export async function deleteStem(ref: VersionRef, stemId: string) {
  return (await call(routes.remove, { params: { ...paramsOf(ref), stemId } })).data.stem;
}
