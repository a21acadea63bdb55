// Accepting or declining an invitation, wherever it is answered (the projects screen's panel, its own page):
// the answered invitation (or one no longer open) leaves the pending list and, once accepted, the projects list
// loads the project.
import type { MyInvitation } from '@mixdesk/contract/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '../../lib/projects-api';
import { acceptInvitation, declineInvitation, invitationKeys } from './api';
import { isGone } from './invitation-errors';

export function useAnswerInvitation(invitation: Pick<MyInvitation, '_id'>) {
  const queryClient = useQueryClient();
  const answered = () => {
    queryClient.setQueryData<MyInvitation[]>(invitationKeys.mine, (list) =>
      list?.filter((i) => i._id !== invitation._id),
    );
    queryClient.removeQueries({ queryKey: invitationKeys.one(invitation._id) });
  };
  const accept = useMutation({
    mutationFn: () => acceptInvitation(invitation._id),
    onSuccess: () => {
      answered();
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
    onError: (error) => isGone(error) && answered(),
  });
  const decline = useMutation({
    mutationFn: () => declineInvitation(invitation._id),
    onSuccess: answered,
    onError: (error) => isGone(error) && answered(),
  });
  return { accept, decline, pending: accept.isPending || decline.isPending };
}
