// The paths inside a package: every name made safe (no '/', '\', '..', control or text-direction characters,
// nor the few characters Windows cannot put in a file name), and unique within its folder as a
// case-insensitive file system sees it ("Kick.wav" and "kick.wav" would be one file there): a second one
// becomes "kick (2).wav". A folder and a file never share a path.
import { safeFileName, safeRelativeName } from '../media/public.ts';

/** Characters a Windows file name cannot hold; each becomes '_' (names stay readable in every script). */
const WINDOWS_RESERVED = /[<>:"|?*]/g;

/** One name (no folders) made safe; `fallback` when nothing is left of it. */
export function safeName(name: string, fallback: string): string {
  // A slash would make safeFileName keep only what follows it: here it is part of the name.
  const flat = safeFileName(name.replace(/[/\\]/g, '-'), fallback).replace(WINDOWS_RESERVED, '_');
  // Windows drops trailing dots and spaces; a name of dots only is no name.
  const trimmed = flat.replace(/[. ]+$/, '');
  return trimmed && !/^\.+$/.test(trimmed) ? trimmed : fallback;
}

/** "kick.wav" → ["kick", ".wav"]; a leading dot is part of the name (".env" has no extension). */
function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

const join = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);
const keyOf = (path: string) => path.normalize('NFC').toLowerCase();

export class ArchiveNames {
  private readonly files = new Set<string>();
  private readonly folders = new Set<string>();

  /** Takes `path` as given (a name the package itself writes, such as checksums.sha256). */
  reserve(path: string): string {
    this.files.add(keyOf(path));
    return path;
  }

  private free(path: string): boolean {
    const key = keyOf(path);
    return !this.files.has(key) && !this.folders.has(key);
  }

  private unique(folder: string, name: string, isFile: boolean): string {
    const [base, ext] = isFile ? splitExtension(name) : [name, ''];
    for (let n = 1; ; n++) {
      const candidate = join(folder, n === 1 ? name : `${base} (${n})${ext}`);
      if (this.free(candidate)) return candidate;
    }
  }

  /** A new folder named `name` in `folder` (never one already there: "Intro (2)" for a second "Intro"). */
  newFolder(folder: string, name: string): string {
    const path = this.unique(folder, safeName(name, 'untitled'), false);
    this.folders.add(keyOf(path));
    return path;
  }

  /** The folder `name` in `folder`, shared with whatever else goes in it; a file by that name moves it aside. */
  folder(folder: string, name: string): string {
    const path = join(folder, safeName(name, 'untitled'));
    if (this.folders.has(keyOf(path))) return path;
    return this.newFolder(folder, name);
  }

  /** A file named `name` in `folder`, unique there. */
  file(folder: string, name: string): string {
    const path = this.unique(folder, safeName(name, 'untitled'), true);
    this.files.add(keyOf(path));
    return path;
  }

  /** A file whose name may carry folders ("Stems/Drums/kick.wav", as a folder upload keeps it). */
  nestedFile(folder: string, relativeName: string): string {
    const parts = safeRelativeName(relativeName).split('/');
    const name = parts.pop()!;
    let at = folder;
    for (const part of parts) at = this.folder(at, part);
    return this.file(at, name);
  }
}
