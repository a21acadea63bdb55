// New API token: a name, what it may do (read only, or read and write) and when it stops working. Checked with
// the contract's rules before sending; the server's field messages are shown where they belong.
import { API_TOKEN_NAME_MAX, CreateApiTokenSchema, type CreatedApiToken } from '@mixdesk/contract/api-tokens';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { fieldErrorsOf } from '../../lib/field-errors';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { RadioGroup, RadioOption } from '../../ui/radio-group';
import { Select } from '../../ui/select';
import {
  createApiToken,
  dayOf,
  EMPTY_TOKEN_VALUES,
  EXPIRY_CHOICES,
  type NewTokenValues,
  type TokenAccess,
  type TokenExpiry,
  toCreateInput,
} from './api-tokens-api';

const FORM_ID = 'new-api-token';

/** Messages per field, keyed as the server's details are (name, scopes, expiresAt). */
function validate(values: NewTokenValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.expiry === 'date' && !values.date) errors.expiresAt = 'Choose the last day it works';
  const parsed = CreateApiTokenSchema.safeParse(toCreateInput(values, new Date()));
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

export function NewTokenDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedApiToken) => void;
}) {
  const [values, setValues] = useState<NewTokenValues>(EMPTY_TOKEN_VALUES);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: (v: NewTokenValues) => createApiToken(toCreateInput(v, new Date())),
    onSuccess: (created) => {
      onCreated(created);
      onClose();
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  const { reset } = mutation;

  useEffect(() => {
    if (!open) return;
    setValues(EMPTY_TOKEN_VALUES);
    setErrors({});
    reset();
  }, [open, reset]);

  const set = (patch: Partial<NewTokenValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const rest = { ...e };
      for (const key of Object.keys(patch))
        delete rest[key === 'date' || key === 'expiry' ? 'expiresAt' : key];
      return rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate(values);
  };

  // A refusal that names no field (the 50-token limit, a lost connection) is said above the form.
  const failure =
    mutation.isError && Object.keys(fieldErrorsOf(mutation.error)).length === 0
      ? mutation.error instanceof ApiError
        ? mutation.error.message
        : 'Failed to create the token'
      : null;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !mutation.isPending && onClose()}
      title="New API token"
      description="For a script or tool that uses the Mixdesk API as you."
      className="max-w-lg"
      footer={
        <>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} variant="primary" loading={mutation.isPending}>
            Create Token
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {failure && <Alert type="error">{failure}</Alert>}
        <Field
          label="Name"
          required
          error={errors.name}
          hint="What uses it, so you know which one to revoke."
        >
          {(control) => (
            <Input
              {...control}
              value={values.name}
              maxLength={API_TOKEN_NAME_MAX}
              placeholder="e.g. Nightly backup script"
              autoComplete="off"
              autoFocus
              onChange={(e) => set({ name: e.target.value })}
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-1.5">
          <legend id={`${FORM_ID}-access`} className="mb-1.5 text-sm font-medium">
            Access
          </legend>
          <RadioGroup
            aria-labelledby={`${FORM_ID}-access`}
            value={values.access}
            onValueChange={(v) => set({ access: v as TokenAccess })}
          >
            <RadioOption
              value="read"
              label="Read only"
              description="Lists and downloads: it cannot change anything."
            />
            <RadioOption
              value="write"
              label="Read and write"
              description="Also creates, changes and deletes, as you can."
            />
          </RadioGroup>
          {errors.scopes && <p className="text-xs text-danger">{errors.scopes}</p>}
        </fieldset>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Expires" error={values.expiry === 'date' ? undefined : errors.expiresAt}>
            {(control) => (
              <Select
                {...control}
                value={values.expiry}
                onChange={(e) => set({ expiry: e.target.value as TokenExpiry })}
              >
                {EXPIRY_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {values.expiry === 'date' && (
            <Field
              label="Last day"
              required
              error={errors.expiresAt}
              hint="It stops working at the end of that day."
            >
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  min={dayOf(new Date())}
                  value={values.date}
                  onChange={(e) => set({ date: e.target.value })}
                />
              )}
            </Field>
          )}
        </div>
      </form>
    </Modal>
  );
}
