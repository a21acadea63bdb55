// A party or credit as one of my clients: "From my clients…" under the name picks one (filling the name and
// email), and a linked row says so with a badge whose × unlinks it (the name and email stay). Editing the name by
// hand keeps the link. Nothing shows when I have no clients and the row is not linked.
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, UserRound, X } from 'lucide-react';
import { useRef } from 'react';
import { Badge } from '../../ui/badge';
import { Select } from '../../ui/select';
import { type ClientChoice, catalogKeys, fetchMyClients } from './api';

/** My clients, loaded once for every row (none while the rows can't be edited, or when they don't load). */
export function useMyClients(enabled: boolean): ClientChoice[] {
  const clients = useQuery({
    queryKey: catalogKeys.clients,
    queryFn: ({ signal }) => fetchMyClients(signal),
    enabled,
    staleTime: 60_000,
  });
  return clients.data ?? [];
}

interface Props {
  /** The row's client, if linked. */
  clientId: string | null;
  /** The name as typed in the row (the badge names the client only when it differs). */
  name: string;
  clients: ClientChoice[];
  disabled: boolean;
  onPick: (client: ClientChoice) => void;
  onUnlink: () => void;
  /** The server's message when the client is not one of mine. */
  error?: string;
}

export function ClientLink({ clientId, name, clients, disabled, onPick, onUnlink, error }: Props) {
  // After a pick or an unlink the control that had focus goes away: focus moves to the one that replaces it.
  const moved = useRef(false);
  const focusIfMoved = (el: HTMLElement | null) => {
    if (el && moved.current) {
      moved.current = false;
      el.focus();
    }
  };
  const client = clientId ? clients.find((c) => c._id === clientId) : undefined;
  const label = !client
    ? 'Linked to a client'
    : client.name === name.trim()
      ? 'My client'
      : `Client: ${client.name}`;
  return (
    <>
      {clientId ? (
        <Badge tone="accent" className="max-w-full self-start pr-0" title={client?.name}>
          <UserRound aria-hidden="true" className="size-3 shrink-0" />
          <span className="truncate">{label}</span>
          {!disabled && (
            <button
              ref={focusIfMoved}
              type="button"
              // A 20 px mark with a 36 px target (the ::after) for a finger.
              className="relative grid size-5 shrink-0 cursor-pointer place-items-center rounded-sm after:absolute after:-inset-2 hover:bg-accent/15 focus-visible:outline-2 focus-visible:outline-accent"
              aria-label={client ? `Unlink from client ${client.name}` : 'Unlink from the client'}
              onClick={() => {
                moved.current = true;
                onUnlink();
              }}
            >
              <X aria-hidden="true" className="size-3" />
            </button>
          )}
        </Badge>
      ) : (
        !disabled &&
        clients.length > 0 && (
          <Select
            ref={focusIfMoved}
            aria-label="From my clients"
            value=""
            onChange={(e) => {
              const picked = clients.find((c) => c._id === e.target.value);
              if (!picked) return;
              moved.current = true;
              onPick(picked);
            }}
          >
            <option value="">From my clients…</option>
            {clients.map((c) => (
              <option key={c._id} value={c._id}>
                {c.email ? `${c.name} (${c.email})` : c.name}
              </option>
            ))}
          </Select>
        )
      )}
      {error && (
        <p className="flex items-center gap-1 text-xs text-danger">
          <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
          {error}
        </p>
      )}
    </>
  );
}
