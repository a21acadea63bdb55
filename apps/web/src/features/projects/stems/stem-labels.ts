// How a stem reads: its role's label (one of the contract's roles, or the free text it was given), and its
// length and size.
import { STEM_ROLE_LABELS, STEM_ROLES, type Stem } from '@mixdesk/contract/stems';
import { formatBytes, formatDuration } from '../format';

export type StemRole = (typeof STEM_ROLES)[number];

export const isStemRole = (role: string): role is StemRole =>
  (STEM_ROLES as readonly string[]).includes(role);

/** "Drums" for drums, the text itself for a free role, null for none. */
export function roleLabel(role: string | null): string | null {
  if (role === null || role === '') return null;
  return isStemRole(role) ? STEM_ROLE_LABELS[role] : role;
}

/** "3:04 · 45.2 MB". */
export const stemLengthAndSize = (stem: Pick<Stem, 'duration' | 'size'>) =>
  `${formatDuration(stem.duration)} · ${formatBytes(stem.size)}`;
