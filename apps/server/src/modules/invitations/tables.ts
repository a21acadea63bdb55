// The invitations area's tables (migration 0020-invitations); see db/schema.ts for how areas declare tables.

import type { InvitationStatus } from '@mixdesk/contract/invitations';
import type { CollaboratorPermission } from '@mixdesk/contract/projects';
import type { Timestamp } from '../../db/schema.ts';

export interface ProjectInvitationsTable {
  id: string;
  project_id: string;
  /** Lower-cased, as accounts keep theirs; an account with it may not exist yet. */
  email: string;
  permission: CollaboratorPermission;
  role: string;
  invited_by: string | null;
  status: InvitationStatus;
  created_at: Timestamp;
  expires_at: Timestamp;
  responded_at: Timestamp | null;
}

declare module '../../db/schema.ts' {
  interface DB {
    project_invitations: ProjectInvitationsTable;
  }
}
