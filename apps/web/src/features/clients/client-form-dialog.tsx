// 'Add New Client' / 'Edit Client' (SPEC §2) with an input for every editable field. Adding creates the client
// on the server and puts it first; editing saves through PUT and updates the card in place. In demo mode both
// stay on this page (SPEC §4).

import type { Client } from '@mixdesk/contract/client-responses';
import type { CreateClient } from '@mixdesk/contract/clients';
import { useEffect, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { createClient, updateClient } from './api';
import { ClientFormFields } from './client-form-fields';
import {
  type ClientFormValues,
  EMPTY_FORM,
  type FieldErrors,
  fieldOfPath,
  formFromClient,
  validateForm,
} from './client-form-model';
import { ClientProjects } from './client-projects';
import { demoClientFrom } from './demo-clients';
import { clientFieldErrorsOf, saveErrorMessage } from './errors';

const FORM_ID = 'client-form';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client being edited; absent when adding. */
  client?: Client;
  demo: boolean;
  onSaved: (client: Client) => void;
}

export function ClientFormDialog({ open, onOpenChange, client, demo, onSaved }: Props) {
  const creating = !client;
  const toast = useToast();
  const [values, setValues] = useState<ClientFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [current, setCurrent] = useState(client);

  useEffect(() => {
    if (!open) return;
    setValues(client ? formFromClient(client) : EMPTY_FORM);
    setErrors({});
    setSaving(false);
    setCurrent(client);
  }, [open, client]);

  const set = (patch: Partial<ClientFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // A field's error clears as it is edited.
    setErrors((e) => {
      const next = { ...e, form: undefined };
      for (const key of Object.keys(patch)) delete next[key as keyof FieldErrors];
      if ('budgetMin' in patch || 'budgetMax' in patch) delete next.budget;
      return next;
    });
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = validateForm(values, creating);
    if (!checked.ok) return setErrors(checked.errors);
    if (demo) {
      const saved = creating
        ? demoClientFrom(checked.body as CreateClient)
        : ({ ...current!, ...checked.body, updatedAt: new Date().toISOString() } as Client);
      onSaved(saved);
      return onOpenChange(false);
    }
    setSaving(true);
    try {
      const saved = creating
        ? await createClient(checked.body as CreateClient)
        : await updateClient(current!._id, checked.body);
      onSaved(saved);
      toast.notify('success', creating ? `${saved.name} added to your network` : `${saved.name} updated`);
      onOpenChange(false);
    } catch (error) {
      const byField: FieldErrors = {};
      for (const [path, message] of Object.entries(clientFieldErrorsOf(error)))
        byField[fieldOfPath(path)] ??= message;
      setErrors({ ...byField, form: saveErrorMessage(error, creating) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !saving && onOpenChange(next)}
      title={creating ? 'Add New Client' : 'Edit Client'}
      className="sm:max-w-2xl"
      footer={
        <>
          <Button onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} variant="primary" loading={saving}>
            {creating ? 'Add Client' : 'Update Client'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} className="flex flex-col gap-5">
        {errors.form && <Alert type="error">{errors.form}</Alert>}
        <ClientFormFields values={values} errors={errors} set={set} linked={current?.linkedProjects} />
        {!creating && !demo && current && (
          <ClientProjects
            client={current}
            onChanged={(updated) => {
              setCurrent(updated);
              // The counts follow the linked projects; the rest of what is being typed stays.
              set({
                totalProjects: String(updated.totalProjects),
                activeProjects: String(updated.activeProjects),
                completedProjects: String(updated.completedProjects),
              });
              onSaved(updated);
            }}
          />
        )}
      </form>
    </Modal>
  );
}
