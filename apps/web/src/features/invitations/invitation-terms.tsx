// An invitation's terms at a glance: the access it gives, the role it names and when it expires.
import type { MyInvitation } from '@mixdesk/contract/invitations';
import { Badge } from '../../ui/badge';
import { accessLabel, expiresLabel } from './invitation-labels';

export function InvitationTerms({
  invitation,
}: {
  invitation: Pick<MyInvitation, 'permission' | 'role' | 'expiresAt'>;
}) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
      <Badge tone={invitation.permission === 'edit' ? 'info' : 'neutral'}>
        {accessLabel(invitation.permission)}
      </Badge>
      {invitation.role && <span>{invitation.role}</span>}
      <span>{expiresLabel(invitation.expiresAt)}</span>
    </span>
  );
}
