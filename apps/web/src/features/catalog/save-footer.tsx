// The foot of a credits editor: what the last save said when it failed, and the Save button, held back (with
// the note that says why, `noteId`) while the shares do not total 100 %.
import { Save } from 'lucide-react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { errorText } from './errors';

interface Props {
  /** What is saved: "work" or "recording". */
  what: string;
  error: unknown;
  pending: boolean;
  canSave: boolean;
  canEdit: boolean;
  noteId: string;
}

export function SaveFooter({ what, error, pending, canSave, canEdit, noteId }: Props) {
  return (
    <>
      {error ? <Alert type="error">{errorText(error, `The ${what} could not be saved`)}</Alert> : null}
      {canEdit && (
        <Button
          type="submit"
          variant="primary"
          className="self-start"
          loading={pending}
          disabled={!canSave}
          aria-describedby={canSave ? undefined : noteId}
        >
          <Save aria-hidden="true" />
          {`Save ${what}`}
        </Button>
      )}
    </>
  );
}
