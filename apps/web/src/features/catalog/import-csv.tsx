// Import CSV: works, recordings and releases from a file (the export's columns). All rows go in or none: a
// refusal lists what is wrong, row by row, as the server said it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useRef } from 'react';
import { ApiError } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast';
import { catalogKeys, importCsv } from './api';
import { errorText } from './errors';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function useImportCsv() {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCsv,
    onSuccess: (counts) => {
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      toast.notify(
        'success',
        `Imported ${plural(counts.releases, 'release')}, ${plural(counts.recordings, 'recording')} and ${plural(counts.works, 'work')}`,
      );
    },
  });
}

export function ImportCsvButton({ onPick, busy }: { onPick: (file: File) => void; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-label="CSV file to import"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onPick(file);
        }}
      />
      <Button onClick={() => input.current?.click()} loading={busy}>
        <FileUp aria-hidden="true" />
        Import CSV
      </Button>
    </>
  );
}

/** Why an import was refused: the server's message and each row's problem. */
export function ImportErrors({ error, onDismiss }: { error: unknown; onDismiss: () => void }) {
  const rows = error instanceof ApiError ? error.details : [];
  return (
    <Alert type="error" onDismiss={onDismiss}>
      <p>{errorText(error, 'The CSV could not be imported')}</p>
      {rows.length > 0 && (
        <ul aria-label="Problems in the CSV" className="mt-1 list-disc pl-5 text-sm">
          {rows.map((row) => (
            <li key={`${row.path}-${row.message}`}>
              {row.path && !row.message.toLowerCase().startsWith('row') ? `${row.path}: ` : ''}
              {row.message}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
