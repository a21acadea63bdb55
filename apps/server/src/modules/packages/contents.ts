// What goes in a package and where: a version's folder (its mix under the name it was uploaded with, its stems
// under stems/), and checksums.sha256 at the root, in sha256sum's format (`<hex>  <path>`, paths from the
// archive's root), listing every other entry; then the layout, once every entry's digests are known.
import type { StemRow } from '../media/public.ts';
import { digestOf, digestsOf } from './digests.ts';
import type { ArchiveNames } from './names.ts';
import { layOut, type ZipEntry } from './zip-layout.ts';
import type { EntrySource, PackageLayout } from './zip-stream.ts';

export const CHECKSUMS_NAME = 'checksums.sha256';

/** A file of the package: where it goes, what its bytes are, and the time written for it. */
export interface PlannedFile {
  path: string;
  source: EntrySource;
  modifiedAt: string;
}

export interface Package {
  /** The download's name (Content-Disposition). */
  fileName: string;
  layout: PackageLayout;
}

/** A version's audio as a package holds it. */
export interface PackagedVersion {
  storage_key: string;
  original_name: string;
  created_at: string;
}

/** "kick.wav" → ".wav"; the format's when the name has no plain extension. */
function extensionOf(originalName: string, format: string): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(originalName)?.[1];
  return `.${ext ?? format}`;
}

/**
 * Names in code-unit order, then ids: the same order on either database (their collations differ), so a
 * second "kick" is "kick (2)" on both.
 */
export const byNameThenId = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

const objectFile = (path: string, key: string, createdAt: string): PlannedFile => ({
  path,
  source: { kind: 'object', key },
  modifiedAt: createdAt,
});

/** The mix and its stems in `folder` (the stems' folder taken first, so no file can take its name). */
export function versionFiles(
  names: ArchiveNames,
  folder: string,
  version: PackagedVersion,
  stems: readonly StemRow[],
): PlannedFile[] {
  const stemsFolder = stems.length > 0 ? names.folder(folder, 'stems') : null;
  const files = [
    objectFile(names.file(folder, version.original_name), version.storage_key, String(version.created_at)),
  ];
  for (const stem of [...stems].sort(byNameThenId))
    files.push(
      objectFile(
        names.file(stemsFolder!, `${stem.name}${extensionOf(stem.original_name, stem.format)}`),
        stem.storage_key,
        String(stem.created_at),
      ),
    );
  return files;
}

/**
 * The package of `files` with checksums.sha256 after them. The digests of stored objects are read from
 * object_digests; any not there yet are computed now, so the first byte waits for those objects to be read.
 * The checksums file's time is `createdAt` (the package's subject's), so the same package is the same bytes.
 */
export async function assemble(
  ctx: Parameters<typeof digestsOf>[0],
  fileName: string,
  files: readonly PlannedFile[],
  createdAt: string,
): Promise<Package> {
  const keys = files.flatMap((f) => (f.source.kind === 'object' ? [f.source.key] : []));
  const digests = await digestsOf(ctx, keys);
  const entries: ZipEntry<EntrySource>[] = files.map((f) => {
    const digest = f.source.kind === 'object' ? digests.get(f.source.key)! : digestOf(f.source.body);
    return { name: f.path, ...digest, modifiedAt: new Date(f.modifiedAt), source: f.source };
  });
  const body = Buffer.from(entries.map((e) => `${e.sha256}  ${e.name}\n`).join(''), 'utf8');
  entries.push({
    name: CHECKSUMS_NAME,
    ...digestOf(body),
    modifiedAt: new Date(createdAt),
    source: { kind: 'bytes', body },
  });
  return { fileName, layout: layOut(entries) };
}
