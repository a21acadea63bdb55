// New share link: a label, what it shares (the whole project, one track, or one version of it), an optional
// password and expiry, whether guests may download (and the stems too) and comment. Checked with the contract's rules before
// sending; the server's field messages are shown where they belong.
import { SHARE_LABEL_MAX, SHARE_PASSWORD_MAX, type ShareLink } from '@mixdesk/contract/share-links';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { mediaKeys } from '../../../lib/media-keys';
import { fetchTracks, fetchVersions } from '../../../lib/tracks-api';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Modal } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { Switch } from '../../../ui/switch';
import { mediaErrorMessage } from '../media/media-errors';
import { fieldErrorsOf } from '../project-errors';
import { createShareLink } from './api';
import {
  EMPTY_LINK_VALUES,
  type ShareLinkValues,
  type ShareScope,
  toCreateInput,
  validateLink,
} from './link-form';

const FORM_ID = 'new-share-link';
const BUTTON_HINT_ID = 'new-share-link-needs-label';
const STEMS_HINT_ID = 'new-share-link-stems-hint';

/** Now, as a datetime-local input's `min` (the browser's own time zone). */
function localNow(): string {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset());
  return now.toISOString().slice(0, 16);
}

export function NewLinkDialog({
  projectId,
  open,
  onClose,
  onCreated,
}: {
  projectId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (link: ShareLink) => void;
}) {
  const [values, setValues] = useState<ShareLinkValues>(EMPTY_LINK_VALUES);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const tracks = useQuery({
    queryKey: mediaKeys.tracks(projectId),
    queryFn: ({ signal }) => fetchTracks(projectId, signal),
    enabled: open,
  });
  const versions = useQuery({
    queryKey: mediaKeys.versions(projectId, values.trackId),
    queryFn: ({ signal }) => fetchVersions(projectId, values.trackId, signal),
    enabled: open && values.scope === 'version' && values.trackId !== '',
  });
  const mutation = useMutation({
    mutationFn: (v: ShareLinkValues) => createShareLink(projectId, toCreateInput(v)),
    onSuccess: (link) => {
      onCreated(link);
      onClose();
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  const { reset } = mutation;

  useEffect(() => {
    if (!open) return;
    setValues(EMPTY_LINK_VALUES);
    setErrors({});
    reset();
  }, [open, reset]);

  const set = (patch: Partial<ShareLinkValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const rest = { ...e };
      for (const key of Object.keys(patch)) delete rest[key];
      return rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLink(values);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate(values);
  };

  // Only tracks with audio can be listened to; the others are listed, greyed, so none seems missing.
  const playable = (tracks.data ?? []).filter((t) => t.currentVersion !== null);
  const needsLabel = !values.label.trim();
  const serverFailure =
    mutation.isError && Object.keys(fieldErrorsOf(mutation.error)).length === 0
      ? mediaErrorMessage(mutation.error, 'Failed to create the link')
      : null;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !mutation.isPending && onClose()}
      title="New share link"
      description="For people without a Mixdesk account: they listen in the browser, nothing to install."
      className="max-w-lg"
      footer={
        <>
          {/* Why Create Link is greyed out (issue #32): nothing else would say the label is missing. */}
          {needsLabel && (
            <p id={BUTTON_HINT_ID} className="w-full text-sm text-muted sm:mr-auto sm:w-auto sm:self-center">
              Add a label to create the link.
            </p>
          )}
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            variant="primary"
            loading={mutation.isPending}
            disabled={needsLabel}
            aria-describedby={needsLabel ? BUTTON_HINT_ID : undefined}
          >
            Create Link
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {serverFailure && <Alert type="error">{serverFailure}</Alert>}
        {errors.form && <Alert type="error">{errors.form}</Alert>}
        <Field
          label="Label"
          required
          error={errors.label}
          hint="Required. Only your team sees it, e.g. who the link is for."
        >
          {(control) => (
            <Input
              {...control}
              value={values.label}
              maxLength={SHARE_LABEL_MAX}
              placeholder="e.g. Label A&R, first listen"
              autoComplete="off"
              autoFocus
              onChange={(e) => set({ label: e.target.value })}
            />
          )}
        </Field>
        <Field label="What to share">
          {(control) => (
            <Select
              {...control}
              value={values.scope}
              onChange={(e) => set({ scope: e.target.value as ShareScope, versionId: '' })}
            >
              <option value="project">The whole project (every track)</option>
              <option value="track">One track (its current version)</option>
              <option value="version">One version of a track</option>
            </Select>
          )}
        </Field>
        {values.scope !== 'project' && (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field
              label="Track"
              error={errors.trackId}
              className={values.scope === 'track' ? 'sm:col-span-2' : undefined}
              hint={tracks.isError ? mediaErrorMessage(tracks.error, 'Failed to load the tracks') : undefined}
            >
              {(control) => (
                <Select
                  {...control}
                  value={values.trackId}
                  disabled={tracks.isPending}
                  onChange={(e) => set({ trackId: e.target.value, versionId: '' })}
                >
                  <option value="">{tracks.isPending ? 'Loading tracks…' : 'Choose a track'}</option>
                  {(tracks.data ?? []).map((t) => (
                    <option key={t._id} value={t._id} disabled={t.currentVersion === null}>
                      {t.currentVersion === null ? `${t.title} (no audio yet)` : t.title}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            {values.scope === 'version' && (
              <Field label="Version" error={errors.versionId}>
                {(control) => (
                  <Select
                    {...control}
                    value={values.versionId}
                    disabled={!values.trackId || versions.isPending}
                    onChange={(e) => set({ versionId: e.target.value })}
                  >
                    <option value="">
                      {values.trackId && versions.isPending ? 'Loading versions…' : 'Choose a version'}
                    </option>
                    {(versions.data ?? []).map((v) => (
                      <option key={v._id} value={v._id}>
                        {v.isCurrent ? `${v.label} (current)` : v.label}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
            {tracks.isSuccess && playable.length === 0 && (
              <p className="text-sm text-muted sm:col-span-2">
                No track has audio yet: upload a version on the Tracks tab first.
              </p>
            )}
          </div>
        )}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Password" error={errors.password} hint="Optional, 4 characters or more.">
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                maxLength={SHARE_PASSWORD_MAX}
                value={values.password}
                onChange={(e) => set({ password: e.target.value })}
              />
            )}
          </Field>
          <Field label="Expires" error={errors.expiresAt} hint="Optional. It stops working then.">
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                min={localNow()}
                value={values.expiresAt}
                onChange={(e) => set({ expiresAt: e.target.value })}
              />
            )}
          </Field>
        </div>
        <div className="flex flex-col divide-y divide-border rounded-md border border-border px-3">
          <div className="flex flex-col pb-2.5">
            <Switch
              label="Allow download"
              description="Guests can save the audio file, or all of a version as one ZIP file."
              checked={values.allowDownload}
              onCheckedChange={(on) => set({ allowDownload: on, includeStems: on && values.includeStems })}
            />
            <Checkbox
              label="Include stems"
              aria-describedby={STEMS_HINT_ID}
              disabled={!values.allowDownload}
              checked={values.allowDownload && values.includeStems}
              onCheckedChange={(checked) => set({ includeStems: checked === true })}
            />
            <p id={STEMS_HINT_ID} className="pl-6 text-sm text-muted">
              {values.allowDownload
                ? 'Guests can download each stem too, and the package holds them.'
                : 'Allow download to share the stems.'}
            </p>
            {errors.includeStems && (
              <p role="alert" className="pl-6 text-sm text-danger">
                {errors.includeStems}
              </p>
            )}
          </div>
          <Switch
            label="Allow comments"
            description="Guests can leave timestamped comments, signed with a name."
            checked={values.allowComments}
            onCheckedChange={(on) => set({ allowComments: on })}
          />
        </div>
      </form>
    </Modal>
  );
}
