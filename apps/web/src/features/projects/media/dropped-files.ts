// The files of a drop: every file of every folder dropped (walked with the File and Directory Entries API),
// each named by its path from the dropped folder ("Stems/Drums/kick.wav"), so a folder of stems arrives as
// one upload per file with its place kept in the name. Browsers without the entries API give the files only.

/** The file's name with its folders, as an upload sends it. */
export const pathOf = (file: File) => file.webkitRelativePath || file.name;

/** The file, named by `path` from now on (a dropped file's webkitRelativePath is empty and read-only). */
export function withPath(file: File, path: string): File {
  if (path === file.name) return file;
  Object.defineProperty(file, 'webkitRelativePath', { value: path, configurable: true });
  return file;
}

const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

async function entriesOf(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  // readEntries answers in batches (100 in Chrome) until it answers none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, prefix: string, out: File[]): Promise<void> {
  if (entry.isFile) {
    const file = await fileOf(entry as FileSystemFileEntry);
    out.push(withPath(file, `${prefix}${file.name}`));
  } else if (entry.isDirectory) {
    const children = await entriesOf(entry as FileSystemDirectoryEntry);
    children.sort((a, b) => a.name.localeCompare(b.name));
    for (const child of children) await walk(child, `${prefix}${entry.name}/`, out);
  }
}

export async function droppedFiles(data: DataTransfer): Promise<File[]> {
  const entries = [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.())
    .filter((entry): entry is FileSystemEntry => Boolean(entry));
  if (entries.length === 0) return [...data.files];
  const out: File[] = [];
  for (const entry of entries) await walk(entry, '', out);
  return out;
}
