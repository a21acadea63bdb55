// The mastering form: what runs, said plainly, then the target loudness (with the services' targets one press
// away) and the true-peak ceiling, checked against the contract's limits before anything is sent.
import { MASTER_TARGET_LUFS, MASTER_TRUE_PEAK, type MasterRequest } from '@mixdesk/contract/analysis';
import { Gauge } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import {
  DEFAULT_MASTER_FORM,
  MASTER_PRESETS,
  MASTER_STEP,
  type MasterFormErrors,
  type MasterFormValues,
  parseMasterForm,
  withMinus,
} from './master-form-model';

/** What runs, said wherever a master is offered. */
export const MASTER_METHOD =
  'Loudness normalisation to a target with a true-peak limit: the server measures the version, applies gain, and limits peaks only where the gain would pass the ceiling, measuring each render until it is on target. A target the version cannot reach without audible distortion is refused with one it can. The original is kept unchanged.';

interface Props {
  initial?: MasterRequest | null;
  submitting: boolean;
  serverError: string | null;
  onSubmit: (request: MasterRequest) => void;
}

export function MasterForm({ initial, submitting, serverError, onSubmit }: Props) {
  const [values, setValues] = useState<MasterFormValues>(
    initial
      ? { targetLufs: String(initial.targetLufs), truePeakDbtp: String(initial.truePeakDbtp) }
      : DEFAULT_MASTER_FORM,
  );
  const [errors, setErrors] = useState<MasterFormErrors>({});
  const set = (key: keyof MasterFormValues, value: string) => {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMasterForm(values);
    if (parsed.ok) onSubmit(parsed.value);
    else setErrors(parsed.errors);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-muted">{MASTER_METHOD}</p>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Streaming targets</legend>
        <div className="flex flex-wrap gap-2">
          {MASTER_PRESETS.map((preset) => {
            const on = Number(values.targetLufs) === preset.lufs;
            return (
              <Button
                key={preset.label}
                size="sm"
                aria-pressed={on}
                className="aria-pressed:border-accent aria-pressed:bg-accent-soft"
                onClick={() => set('targetLufs', String(preset.lufs))}
              >
                {preset.label}
                <span className="font-mono text-muted tabular-nums">{withMinus(`${preset.lufs} LUFS`)}</span>
              </Button>
            );
          })}
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label="Target loudness (LUFS)"
          error={errors.targetLufs}
          hint={withMinus(`Integrated, ${MASTER_TARGET_LUFS.min} to ${MASTER_TARGET_LUFS.max} LUFS`)}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              min={MASTER_TARGET_LUFS.min}
              max={MASTER_TARGET_LUFS.max}
              step={MASTER_STEP}
              value={values.targetLufs}
              onChange={(e) => set('targetLufs', e.target.value)}
              className="font-mono tabular-nums"
            />
          )}
        </Field>
        <Field
          label="True-peak ceiling (dBTP)"
          error={errors.truePeakDbtp}
          hint={withMinus(`${MASTER_TRUE_PEAK.min} to ${MASTER_TRUE_PEAK.max} dBTP; -1 suits lossy streams`)}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              min={MASTER_TRUE_PEAK.min}
              max={MASTER_TRUE_PEAK.max}
              step={MASTER_STEP}
              value={values.truePeakDbtp}
              onChange={(e) => set('truePeakDbtp', e.target.value)}
              className="font-mono tabular-nums"
            />
          )}
        </Field>
      </div>
      {serverError && (
        <Alert type="error" title="Mastering could not start">
          {serverError}
        </Alert>
      )}
      <Button type="submit" variant="primary" className="self-end" loading={submitting}>
        <Gauge aria-hidden="true" />
        Start mastering
      </Button>
    </form>
  );
}
