// One client (SPEC §2), as a card in the grid or a row in the list: initial, name, company or role, email, phone,
// location, status, project counts (saying how many are linked projects and how many were entered by hand),
// revenue, the first two genres then '+N', and edit and delete; a sample (demo mode) says so.

import { CLIENT_ROLE_LABELS, CLIENT_STATUS_LABELS } from '@mixdesk/contract/client-labels';
import type { Client } from '@mixdesk/contract/client-responses';
import type { ClientStatus } from '@mixdesk/contract/clients';
import { Mail, MapPin, Pencil, Phone, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { SampleBadge } from '../../ui/sample-badge';
import { formatRevenue, genresPreview, initialOf, projectCountSources } from './format';
import type { ClientsView } from './view-toggle';

export const STATUS_TONE: Record<ClientStatus, BadgeTone> = {
  active: 'success',
  potential: 'info',
  on_hold: 'warning',
  completed: 'accent',
  inactive: 'neutral',
};

const SAMPLE_CLIENT = 'A sample client: sign in again to see your own network.';

interface Props {
  client: Client;
  view: ClientsView;
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
  /** A demo-mode sample: badged, so its figures are not taken for anyone's real ones. */
  sample?: boolean;
}

export function ClientCard({ client, view, onEdit, onDelete, sample = false }: Props) {
  const nameId = useId();
  const name = client.name?.trim() || 'Unknown Client';
  const subtitle = client.company?.trim() || (client.role ? CLIENT_ROLE_LABELS[client.role] : 'Unknown Role');
  const { shown, more } = genresPreview(client.genres ?? []);
  const list = view === 'list';
  const sources = projectCountSources(client.totalProjects, client.linkedProjects.total);
  return (
    <article
      aria-labelledby={nameId}
      className={cn(
        'flex min-w-0 rounded-lg border border-border bg-surface shadow-sm transition-colors hover:border-border-strong',
        list ? 'flex-col gap-3 p-4 md:flex-row md:items-center md:gap-5' : 'flex-col',
      )}
    >
      <div className={cn('flex min-w-0 gap-3', list ? 'md:w-64 md:shrink-0' : 'px-4 pt-4')}>
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-lg font-semibold text-accent"
        >
          {initialOf(client.name)}
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <h2 id={nameId} className="truncate text-lg leading-snug font-semibold" title={name}>
            {name}
          </h2>
          <p className="truncate text-sm text-muted" title={subtitle}>
            {subtitle}
          </p>
        </div>
        {!list && (
          <div className="flex flex-col items-end gap-1 self-start">
            <Badge tone={STATUS_TONE[client.status]}>{CLIENT_STATUS_LABELS[client.status]}</Badge>
            {sample && <SampleBadge title={SAMPLE_CLIENT} />}
          </div>
        )}
      </div>

      <ul className={cn('flex min-w-0 flex-col gap-1 text-sm text-muted', list ? 'md:flex-1' : 'px-4 pt-3')}>
        <li className="flex min-w-0 items-center gap-2">
          <Mail aria-label="Email" className="size-3.5 shrink-0" />
          {client.email ? (
            <a href={`mailto:${client.email}`} className="truncate rounded-sm hover:text-accent">
              {client.email}
            </a>
          ) : (
            <span>No email</span>
          )}
        </li>
        {client.phone && (
          <li className="flex min-w-0 items-center gap-2">
            <Phone aria-label="Phone" className="size-3.5 shrink-0" />
            <a
              href={`tel:${client.phone.replace(/[^\d+]/g, '')}`}
              className="truncate rounded-sm hover:text-accent"
            >
              {client.phone}
            </a>
          </li>
        )}
        {client.location && (
          <li className="flex min-w-0 items-center gap-2">
            <MapPin aria-label="Location" className="size-3.5 shrink-0" />
            <span className="truncate">{client.location}</span>
          </li>
        )}
      </ul>

      <div
        className={cn('flex min-w-0 flex-col gap-2', list ? 'md:w-96 md:shrink-0' : 'mt-auto px-4 pt-3 pb-3')}
      >
        {list && (
          <div className="flex items-center gap-1">
            <Badge tone={STATUS_TONE[client.status]}>{CLIENT_STATUS_LABELS[client.status]}</Badge>
            {sample && <SampleBadge title={SAMPLE_CLIENT} />}
          </div>
        )}
        <dl className="grid grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.6fr)] gap-x-4 gap-y-2 font-mono text-xs tabular-nums">
          <Figure label="Projects" value={client.totalProjects.toLocaleString('en-US')} />
          <Figure label="Active" value={client.activeProjects.toLocaleString('en-US')} />
          <Figure label="Completed" value={client.completedProjects.toLocaleString('en-US')} />
          <Figure label="Revenue" value={formatRevenue(client.totalRevenue)} />
        </dl>
        {sources && (
          <p
            className="text-xs text-muted"
            title="Linked projects follow their own status; the rest are the counts entered in the client's form."
          >
            {sources}
          </p>
        )}
        {(shown.length > 0 || more > 0) && (
          <ul aria-label="Genres" className="flex flex-wrap gap-1">
            {shown.map((genre) => (
              <li key={genre} className="rounded-sm border border-border px-1.5 text-xs text-muted">
                {genre}
              </li>
            ))}
            {more > 0 && (
              <li className="px-1 text-xs text-subtle" aria-label={`${more} more genres`}>
                +{more}
              </li>
            )}
          </ul>
        )}
      </div>

      <div
        className={cn(
          'flex items-center gap-0.5',
          list ? 'justify-end md:shrink-0' : 'justify-end border-t border-border px-2 py-1.5',
        )}
      >
        <Button
          variant="ghost"
          size="icon"
          title="Edit client"
          aria-label={`Edit ${name}`}
          onClick={() => onEdit(client)}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          title="Delete client"
          aria-label={`Delete ${name}`}
          className="hover:text-danger"
          onClick={() => onDelete(client)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </article>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="font-sans text-subtle">{label}</dt>
      <dd className="truncate text-text" title={value}>
        {value}
      </dd>
    </div>
  );
}
