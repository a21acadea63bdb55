// The owner invites someone by email, with a permission (view or edit) and a free role label (issue #20).
// Nobody joins until they accept; the server answers the same whether or not the email has an account. The
// success stays inline under the form (until the next edit) rather than in a passing toast.
import { INVITATION_DAYS, type ProjectInvitation } from '@mixdesk/contract/invitations';
import type { Project } from '@mixdesk/contract/project-responses';
import { COLLABORATOR_ROLE_MAX, type CollaboratorPermission } from '@mixdesk/contract/projects';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { inviteCollaborator } from '../../../lib/projects-api';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { fieldErrorsOf, saveErrorMessage } from '../project-errors';

const EMPTY = { email: '', permission: 'view' as CollaboratorPermission, role: '' };

export function InviteCollaboratorForm({
  project,
  onInvited,
}: {
  project: Project;
  onInvited: (invitation: ProjectInvitation) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => inviteCollaborator(project._id, { ...values, email: values.email.trim() }),
    onSuccess: (invitation) => {
      onInvited(invitation);
      setSentTo(invitation.email);
      setValues(EMPTY);
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      setEmailError(fields.email ?? null);
      setFailure(fields.email ? null : saveErrorMessage(error));
    },
  });

  const set = (patch: Partial<typeof EMPTY>) => {
    setValues((v) => ({ ...v, ...patch }));
    setEmailError(null);
    setFailure(null);
    setSentTo(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.email.trim()) return setEmailError('Email is required');
    mutation.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Invite a collaborator" className="flex flex-col gap-3">
      <Field
        label="Email"
        error={emailError}
        hint={`They join once they accept; the invitation stays open for ${INVITATION_DAYS} days.`}
      >
        {(c) => (
          <Input
            {...c}
            type="email"
            autoComplete="off"
            placeholder="name@studio.com"
            value={values.email}
            onChange={(e) => set({ email: e.target.value })}
          />
        )}
      </Field>
      <div className="grid grid-cols-[8rem_1fr] gap-2">
        <Field label="Permission">
          {(c) => (
            <Select
              {...c}
              value={values.permission}
              onChange={(e) => set({ permission: e.target.value as CollaboratorPermission })}
            >
              <option value="view">Can view</option>
              <option value="edit">Can edit</option>
            </Select>
          )}
        </Field>
        <Field label="Role">
          {(c) => (
            <Input
              {...c}
              maxLength={COLLABORATOR_ROLE_MAX}
              placeholder="e.g. Mixing engineer"
              value={values.role}
              onChange={(e) => set({ role: e.target.value })}
            />
          )}
        </Field>
      </div>
      {failure && <Alert type="error">{failure}</Alert>}
      {sentTo && <Alert type="success">Invitation sent to {sentTo}</Alert>}
      <Button
        type="submit"
        loading={mutation.isPending}
        disabled={!values.email.trim()}
        className="self-start"
      >
        <Send aria-hidden="true" />
        Send Invitation
      </Button>
    </form>
  );
}
