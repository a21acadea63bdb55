// The owner's list of invitations still waiting for an answer, under the collaborators: who, with what access,
// until when, and Revoke (confirmed first) to take one back.
import type { ProjectInvitation } from '@mixdesk/contract/invitations';
import { MailX } from 'lucide-react';
import { useId, useState } from 'react';
import { revokeInvitation } from '../../../lib/projects-api';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useToast } from '../../../ui/toast';
import { saveErrorMessage } from '../project-errors';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface Props {
  projectId: string;
  invitations: ProjectInvitation[];
  onRevoked: (invitationId: string) => void;
}

export function PendingInvitations({ projectId, invitations, onRevoked }: Props) {
  const headingId = useId();
  const toast = useToast();
  const [revoking, setRevoking] = useState<ProjectInvitation | null>(null);
  if (invitations.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <h3 id={headingId} className="text-sm font-semibold text-muted">
        Pending invitations
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-border">
        {invitations.map((invitation) => (
          <li key={invitation._id} className="flex items-center justify-between gap-3 py-2.5">
            <div className="flex min-w-0 flex-col gap-1">
              <span className="truncate text-base">{invitation.email}</span>
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
                <Badge tone={invitation.permission === 'edit' ? 'info' : 'neutral'}>
                  {invitation.permission === 'edit' ? 'Can edit' : 'Can view'}
                </Badge>
                {invitation.role && <span>{invitation.role}</span>}
                <span>expires {day.format(new Date(invitation.expiresAt))}</span>
              </span>
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Revoke invitation to ${invitation.email}`}
              title="Revoke invitation"
              onClick={() => setRevoking(invitation)}
              className="hover:text-danger"
            >
              <MailX aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke invitation?"
        description={revoking && `${revoking.email} will no longer be able to join with this invitation.`}
        confirmLabel="Revoke Invitation"
        onConfirm={() => revokeInvitation(projectId, revoking?._id ?? '')}
        onClose={() => setRevoking(null)}
        onDone={() => {
          if (!revoking) return;
          onRevoked(revoking._id);
          toast.notify('success', `Invitation to ${revoking.email} revoked`);
        }}
        errorMessage={saveErrorMessage}
      />
    </div>
  );
}
