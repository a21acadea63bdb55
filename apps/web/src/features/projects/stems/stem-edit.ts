// What the stem edit form starts from and what it sends: the role as the select holds it (one of the
// contract's roles, none, or typed by hand), and only the fields that changed.
import type { Stem } from '@mixdesk/contract/stems';
import { isStemRole } from './stem-labels';

/** The select's value for a role typed by hand. */
export const TYPED = '__typed';

export interface StemChange {
  name?: string;
  role?: string | null;
}

/** The select's value and the typed text for a stem's role. */
export function roleChoice(role: string | null): { choice: string; typed: string } {
  if (role === null) return { choice: '', typed: '' };
  return isStemRole(role) ? { choice: role, typed: '' } : { choice: TYPED, typed: role };
}

/** What changed, as the update sends it (an empty role: none); null when nothing did. */
export function stemChange(stem: Pick<Stem, 'name' | 'role'>, name: string, role: string): StemChange | null {
  const change: StemChange = {};
  if (name.trim() !== stem.name) change.name = name.trim();
  const nextRole = role.trim() === '' ? null : role.trim();
  if (nextRole !== stem.role) change.role = nextRole;
  return Object.keys(change).length > 0 ? change : null;
}
