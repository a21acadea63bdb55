// New webhook, or Edit: the URL it is sent to, the events it asks for ("All events", or some of each group) and
// a description. Checked with the contract's rules before sending; the server's refusals (an address inside the
// network, the 20-webhook limit) are shown where they belong.
import {
  ALL_WEBHOOK_EVENTS,
  type CreatedWebhook,
  CreateWebhookSchema,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  type Webhook,
} from '@mixdesk/contract/webhooks';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { fieldErrorsOf } from '../../lib/field-errors';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Modal } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input, Textarea } from '../../ui/input';
import { createWebhook, EVENT_GROUPS, updateWebhook } from './webhooks-api';

interface Values {
  url: string;
  events: string[];
  description: string;
}

const EMPTY: Values = { url: '', events: [ALL_WEBHOOK_EVENTS], description: '' };

/** The refused field a server path names: `events.2` is the events list. */
const fieldOf = (path: string) => path.split('.')[0] ?? path;

function validate(values: Values): Record<string, string> {
  const parsed = CreateWebhookSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[fieldOf(issue.path.join('.'))] ??= issue.message;
  return errors;
}

export function WebhookFormDialog({
  open,
  webhook,
  onClose,
  onCreated,
  onSaved,
}: {
  open: boolean;
  /** The webhook to edit; null makes a new one. */
  webhook: Webhook | null;
  onClose: () => void;
  onCreated: (created: CreatedWebhook) => void;
  onSaved: (saved: Webhook) => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: async (v: Values) =>
      webhook
        ? ({ saved: await updateWebhook(webhook._id, v) } as const)
        : ({ created: await createWebhook(v) } as const),
    onSuccess: (result) => {
      if ('created' in result && result.created) onCreated(result.created);
      else if ('saved' in result && result.saved) onSaved(result.saved);
      onClose();
    },
    onError: (error) => setErrors(fieldErrorsOf(error, fieldOf)),
  });
  const { reset } = mutation;

  useEffect(() => {
    if (!open) return;
    setValues(
      webhook ? { url: webhook.url, events: webhook.events, description: webhook.description } : EMPTY,
    );
    setErrors({});
    reset();
  }, [open, webhook, reset]);

  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const rest = { ...e };
      for (const key of Object.keys(patch)) delete rest[key];
      return rest;
    });
  };
  const all = values.events.includes(ALL_WEBHOOK_EVENTS);
  const toggle = (type: string, on: boolean) =>
    set({
      events: on
        ? [...values.events.filter((e) => e !== type), type]
        : values.events.filter((e) => e !== type),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate(values);
  };

  // A refusal that names no field (an address inside the network, the limit, a lost connection): above the form.
  const failure =
    mutation.isError && Object.keys(fieldErrorsOf(mutation.error, fieldOf)).length === 0
      ? mutation.error instanceof ApiError
        ? mutation.error.message
        : 'Failed to save the webhook'
      : null;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !mutation.isPending && onClose()}
      title={webhook ? 'Edit webhook' : 'New webhook'}
      description="Each event is sent to this URL as a signed POST with a JSON body."
      className="max-w-xl"
      footer={
        <>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={mutation.isPending}>
            {webhook ? 'Save Webhook' : 'Create Webhook'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {failure && <Alert type="error">{failure}</Alert>}
        <Field
          label="URL"
          required
          error={errors.url}
          hint="An https:// address of your server that answers 2xx."
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              value={values.url}
              maxLength={WEBHOOK_URL_MAX}
              placeholder="https://example.com/mixdesk-events"
              autoComplete="off"
              spellCheck={false}
              autoFocus
              onChange={(e) => set({ url: e.target.value })}
            />
          )}
        </Field>
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={errors.events ? `${formId}-events-error` : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Events</legend>
          <Checkbox
            label="All events, including kinds added later"
            checked={all}
            onCheckedChange={(checked) => set({ events: checked === true ? [ALL_WEBHOOK_EVENTS] : [] })}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            {EVENT_GROUPS.map((group) => (
              <fieldset
                key={group.title}
                disabled={all}
                className="flex flex-col gap-1.5 disabled:opacity-60"
              >
                <legend className="mb-1 text-sm text-muted">{group.title}</legend>
                {group.events.map(([type, label]) => (
                  <Checkbox
                    key={type}
                    label={label}
                    disabled={all}
                    checked={all || values.events.includes(type)}
                    onCheckedChange={(checked) => toggle(type, checked === true)}
                  />
                ))}
              </fieldset>
            ))}
          </div>
          {errors.events && (
            <p id={`${formId}-events-error`} className="text-xs text-danger">
              {errors.events}
            </p>
          )}
        </fieldset>
        <Field
          label="Description"
          error={errors.description}
          hint="What receives it, for you to recognise it."
        >
          {(control) => (
            <Textarea
              {...control}
              value={values.description}
              maxLength={WEBHOOK_DESCRIPTION_MAX}
              rows={2}
              placeholder="e.g. Catalogue sync"
              onChange={(e) => set({ description: e.target.value })}
            />
          )}
        </Field>
      </form>
    </Modal>
  );
}
