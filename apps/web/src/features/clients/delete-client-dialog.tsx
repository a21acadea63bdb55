// Deleting a client asks first, calls DELETE and removes the card only when the server agrees; a failure keeps
// the dialog open with the reason. Linked projects stay (they lose their client).
import type { Client } from '@mixdesk/contract/client-responses';
import { useEffect, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { deleteClient } from './api';

interface Props {
  client: Client | null;
  onClose: () => void;
  demo: boolean;
  onDeleted: (id: string) => void;
}

export function DeleteClientDialog({ client, onClose, demo, onDeleted }: Props) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = client?.name?.trim() || 'Unknown Client';

  useEffect(() => {
    if (client) setError(null);
  }, [client]);

  async function confirm() {
    if (!client) return;
    if (demo) {
      onDeleted(client._id);
      return onClose();
    }
    setBusy(true);
    setError(null);
    try {
      await deleteClient(client._id);
      onDeleted(client._id);
      toast.notify('success', `${name} removed from your network`);
      onClose();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Failed to delete client');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={client !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      role="alertdialog"
      title="Delete Client"
      description={`Delete ${name} from your network? Their projects stay, without a client. This cannot be undone.`}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" loading={busy} onClick={confirm}>
            Delete Client
          </Button>
        </>
      }
    >
      {error && <Alert type="error">{error}</Alert>}
    </Modal>
  );
}
