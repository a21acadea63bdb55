// The work (composition) of a track: title, ISWC, writers and publishers with their shares, which together
// total exactly 100 % before Save; its splits' agreement below.
import type { Work } from '@mixdesk/contract/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { useToast } from '../../ui/toast';
import { catalogKeys, requestWorkAgreement, updateWork, workSplitSheetUrl } from './api';
import { type WorkValues, workInputOf, workValuesOf } from './credits-model';
import { fieldErrors } from './errors';
import { PartyRows, SharesTotalLine } from './party-rows';
import { SaveFooter } from './save-footer';
import { sharesTotal } from './shares';
import { SplitsStatus } from './splits-status';

interface Props {
  work: Work;
  canEdit: boolean;
}

export function WorkEditor({ work, canEdit }: Props) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<WorkValues>(() => workValuesOf(work));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<WorkValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setDirty(true);
  };
  const total = sharesTotal([...values.writers, ...values.publishers].map((p) => p.share));
  const save = useMutation({
    mutationFn: () => updateWork(work._id, workInputOf(values)),
    onMutate: () => setErrors({}),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogKeys.work(work._id), saved);
      void queryClient.invalidateQueries({ queryKey: catalogKeys.works });
      setValues(workValuesOf(saved));
      setDirty(false);
      toast.notify('success', `${saved.title} was saved`);
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogKeys.work(work._id) });

  return (
    <form
      aria-label="Work"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (total.ok) save.mutate();
      }}
    >
      <fieldset disabled={!canEdit} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="sr-only">The work</legend>
        <Field label="Work title" required error={errors.title}>
          {(control) => (
            <Input {...control} value={values.title} onChange={(e) => set({ title: e.target.value })} />
          )}
        </Field>
        <Field label="ISWC" hint="Like T-123.456.789-C" error={errors.iswc}>
          {(control) => (
            <Input
              {...control}
              value={values.iswc}
              className="font-mono"
              onChange={(e) => set({ iswc: e.target.value })}
            />
          )}
        </Field>
      </fieldset>
      <section aria-labelledby="work-writers" className="flex flex-col gap-2">
        <h4 id="work-writers" className="text-sm font-semibold text-muted uppercase">
          Writers
        </h4>
        <PartyRows
          kind="writer"
          rows={values.writers}
          onChange={(writers) => set({ writers })}
          errors={errors}
          path="writers"
          disabled={!canEdit}
        />
      </section>
      <section aria-labelledby="work-publishers" className="flex flex-col gap-2">
        <h4 id="work-publishers" className="text-sm font-semibold text-muted uppercase">
          Publishers
        </h4>
        <PartyRows
          kind="publisher"
          rows={values.publishers}
          onChange={(publishers) => set({ publishers })}
          errors={errors}
          path="publishers"
          disabled={!canEdit}
        />
      </section>
      <SharesTotalLine
        total={total}
        serverError={errors.writers ?? errors.publishers}
        noteId="work-total-note"
      />
      <SaveFooter
        what="work"
        error={save.isError ? save.error : null}
        pending={save.isPending}
        canSave={total.ok}
        canEdit={canEdit}
        noteId="work-total-note"
      />
      <SplitsStatus
        subject="the work's splits"
        status={work.splitsStatus}
        agreement={work.agreement}
        canEdit={canEdit}
        dirty={dirty}
        onRequest={() => requestWorkAgreement(work._id)}
        onRequested={refresh}
        splitSheetUrl={workSplitSheetUrl(work._id)}
      />
    </form>
  );
}
