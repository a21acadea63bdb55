// How an invitation's terms read: the access it gives and when it stops waiting for an answer.
import type { CollaboratorPermission } from '@mixdesk/contract/projects';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export const accessLabel = (permission: CollaboratorPermission) =>
  permission === 'edit' ? 'Can edit' : 'Can view';

/** 'expires Jul 3, 2026'; an unreadable date reads as no date rather than 'Invalid Date'. */
export function expiresLabel(expiresAt: string): string {
  const at = new Date(expiresAt);
  return Number.isNaN(at.getTime()) ? 'expires soon' : `expires ${day.format(at)}`;
}
