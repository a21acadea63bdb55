// A stem's name and role as kept (issue #36): named from its file unless given, unique per version (the
// unique index on version_id, name backs it), a role one of STEM_ROLES when it names one.
import { STEM_NAME_MAX, STEM_ROLES } from '@mixdesk/contract/stems';

/** A stem's name from its file's: without the extension, within the length a name may have. */
export function nameFromFile(fileName: string): string {
  const base = /^(.+)\.[^.\s]{1,10}$/.exec(fileName)?.[1] ?? fileName;
  return Array.from(base).slice(0, STEM_NAME_MAX).join('').trim() || 'Stem';
}

/** `name`, or the first of "name (2)", "name (3)" … no other stem of the version has (cut to fit). */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const base = Array.from(name)
      .slice(0, STEM_NAME_MAX - suffix.length)
      .join('')
      .trimEnd();
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A role as kept: one of STEM_ROLES when it names one (any case, "FX" or "fx"), else the text; empty is none. */
export function normalRole(role: string | null | undefined): string | null {
  if (!role) return null;
  const known = STEM_ROLES.find((r) => r === role.toLowerCase());
  return known ?? role;
}
