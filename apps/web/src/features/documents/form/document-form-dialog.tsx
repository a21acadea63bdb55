// The Generate Document form (SPEC §2, §5 Document form), also used to edit a document nobody has signed
// yet (PUT). SPEC's checks run before sending; the server's field errors land beside their fields; anything
// else says 'Failed to generate document'. On success the form closes and the alert says so.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { useToast } from '../../../ui/toast';
import { generateDocument, updateDocument } from '../api';
import { fieldErrorsOf, GENERATE_FAILED, GENERATED, refusalOf, UPDATE_FAILED } from '../errors';
import { AgreementFields } from './agreement-fields';
import { AutoPopulateDialog } from './auto-populate-dialog';
import { ContractFields } from './contract-fields';
import {
  applySource,
  clearErrors,
  isShownPath,
  needsParties,
  toPayload,
  typeOf,
  validate,
} from './form-model';
import {
  type DetailsKey,
  emptyForm,
  type FormErrors,
  type FormValues,
  formFromDocument,
} from './form-values';
import { GeneralFields } from './general-fields';
import { InvoiceFields } from './invoice-fields';
import { PartyFields } from './party-fields';
import type { PartProps } from './section';
import { SplitSheetFields } from './split-sheet-fields';

const FORM_ID = 'document-form';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The document to edit; absent to generate a new one. */
  document?: DocumentView;
  onSaved: (document: DocumentView) => void;
}

interface Failure {
  title: string;
  reasons: string[];
}

export function DocumentFormDialog({ open, onOpenChange, document: editing, onSaved }: Props) {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>(emptyForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [choosing, setChoosing] = useState(false);
  // Bumped after a refused submit: the first field in error then takes the focus (or, with none, the form's
  // own message scrolls into view).
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (!open) return;
    setValues(editing ? formFromDocument(editing) : emptyForm());
    setErrors({});
    setFailure(null);
  }, [open, editing]);

  useEffect(() => {
    if (refusals === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
    (first ?? formRef.current?.querySelector('[role="alert"]'))?.scrollIntoView({ block: 'center' });
  }, [refusals]);

  const mutation = useMutation({
    mutationFn: (v: FormValues) =>
      editing ? updateDocument(editing._id, toPayload(v)) : generateDocument(toPayload(v)),
    onSuccess: (saved) => {
      toast.notify('success', editing ? 'Document updated' : GENERATED);
      onSaved(saved);
      onOpenChange(false);
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      const unplaced = Object.entries(fields).filter(([path]) => !isShownPath(path));
      setErrors(Object.fromEntries(Object.entries(fields).filter(([path]) => isShownPath(path))));
      const title = editing ? UPDATE_FAILED : GENERATE_FAILED;
      if (Object.keys(fields).length === 0) {
        const reason = refusalOf(error);
        setFailure({ title, reasons: reason ? [reason] : [] });
      } else setFailure(unplaced.length > 0 ? { title, reasons: unplaced.map(([, m]) => m) } : null);
      setRefusals((n) => n + 1);
    },
  });

  const changed = (clear: string[]) => {
    setErrors((e) => clearErrors(e, clear));
    setFailure(null);
  };
  const part = <K extends DetailsKey | 'parties'>(key: K): PartProps<FormValues[K]> => ({
    values: values[key],
    errors,
    onChange: (patch, clear) => {
      setValues((v) => ({ ...v, [key]: { ...v[key], ...patch } }));
      changed(clear);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return setRefusals((n) => n + 1);
    mutation.mutate(values);
  }

  const type = typeOf(values);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}
      title={editing ? 'Edit Document' : 'Generate Document'}
      description={
        editing
          ? editing.status === 'generated'
            ? `${editing.documentId}: saving renders a new PDF; anyone it was sent to needs the new one.`
            : `${editing.documentId}: saving renders a new PDF and takes it back to Generated; the signing links sent stop working, so send it again afterwards.`
          : 'Choose a template, fill in the parties and the details, and get a PDF ready to send.'
      }
      className="sm:max-w-3xl"
      footer={
        <>
          <Button onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} variant="primary" loading={mutation.isPending}>
            {editing ? 'Save Changes' : 'Generate Document'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-6">
        <GeneralFields
          values={values}
          errors={errors}
          open={open}
          templateLocked={Boolean(editing)}
          onChange={(patch, clear) => {
            setValues((v) => ({ ...v, ...patch }));
            changed(clear);
          }}
          onAutoPopulate={() => setChoosing(true)}
        />
        {needsParties(values) && <PartyFields {...part('parties')} />}
        {type === 'contract' && <ContractFields {...part('contractDetails')} />}
        {type === 'invoice' && <InvoiceFields {...part('invoiceDetails')} />}
        {type === 'agreement' && <AgreementFields {...part('agreementDetails')} />}
        {type === 'split_sheet' && <SplitSheetFields {...part('splitSheetDetails')} />}
        {failure && (
          <Alert type="error" title={failure.title}>
            {failure.reasons.length > 0 && (
              <ul className="list-disc pl-4">
                {failure.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
      </form>
      <AutoPopulateDialog
        open={choosing}
        onOpenChange={setChoosing}
        onChoose={(source) => {
          setValues((v) => applySource(v, source));
          setErrors((e) =>
            clearErrors(e, [
              'parties.primary.name',
              'parties.primary.email',
              'parties.secondary.name',
              'parties.secondary.email',
              'contractDetails.projectTitle',
              'splitSheetDetails.songTitle',
              'invoiceDetails.items.0.description',
            ]),
          );
          setChoosing(false);
        }}
      />
    </Modal>
  );
}
