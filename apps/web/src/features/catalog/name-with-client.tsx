// A person's name on a party or credit row, with the client it is linked to (or the picker to link one):
// picking fills the name and email, unlinking keeps them.
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import type { ClientChoice } from './api';
import { ClientLink } from './client-picker';
import { linkedTo } from './credits-model';

interface Person {
  name: string;
  email: string;
  clientId: string | null;
}

interface Props {
  row: Person;
  clients: ClientChoice[];
  disabled: boolean;
  /** The server's messages for this row's name and client. */
  nameError?: string;
  clientError?: string;
  onChange: (patch: Partial<Person>) => void;
}

export function NameWithClient({ row, clients, disabled, nameError, clientError, onChange }: Props) {
  return (
    <>
      <Field label="Name" required error={nameError}>
        {(control) => (
          <Input {...control} value={row.name} onChange={(e) => onChange({ name: e.target.value })} />
        )}
      </Field>
      <ClientLink
        clientId={row.clientId}
        name={row.name}
        clients={clients}
        disabled={disabled}
        onPick={(client) => onChange(linkedTo(client, row.email))}
        onUnlink={() => onChange({ clientId: null })}
        error={clientError}
      />
    </>
  );
}
