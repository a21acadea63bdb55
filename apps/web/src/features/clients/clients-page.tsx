// /clients (SPEC §2 Clients): the heading with the network's size, Grid/List, Add Client, the summary tiles,
// search and filters, the cards, both empty states, the demo and error banners, and the client form and delete
// confirmation.
import type { Client } from '@mixdesk/contract/client-responses';
import { Plus, RotateCw, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { DemoModeAlert } from '../../ui/demo-mode-alert';
import { PageHeader } from '../../ui/page-header';
import { Pagination } from '../../ui/pagination';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { EMPTY_FILTERS } from './api';
import { ClientCard } from './client-card';
import { ClientFilters } from './client-filters';
import { ClientFormDialog } from './client-form-dialog';
import { ClientSummaryTiles } from './client-summary';
import { DeleteClientDialog } from './delete-client-dialog';
import { useClientsList } from './use-clients-list';
import { type ClientsView, useClientsView, ViewToggle } from './view-toggle';

type Form = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; client: Client };

export function ClientsPage() {
  const list = useClientsList();
  const [view, setView] = useClientsView();
  const [form, setForm] = useState<Form>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Client | null>(null);
  const demo = list.mode === 'demo';
  const loading = list.mode === 'loading';

  const description = loading ? (
    list.demoPending ? (
      'Loading demo clients...'
    ) : (
      'Loading clients...'
    )
  ) : list.mode === 'error' ? null : (
    <span className="flex items-center gap-2">
      {`${list.summary?.total ?? 0} client(s) in your network${demo ? ' (demo data)' : ''}`}
      {list.refreshing && <Spinner size="sm" label="Updating the list" />}
    </span>
  );
  const openCreate = () => setForm({ mode: 'create' });

  return (
    <>
      <PageHeader
        title="Clients"
        description={description}
        actions={
          <>
            <ViewToggle view={view} onChange={setView} />
            <Button variant="primary" onClick={openCreate}>
              <Plus aria-hidden="true" />
              Add Client
            </Button>
          </>
        }
      />
      {demo && (
        <DemoModeAlert>
          Demo Mode Active - You're viewing sample data. Login to access your real clients.
        </DemoModeAlert>
      )}
      {list.mode === 'error' && (
        <Alert
          type="error"
          className="mb-4"
          action={
            <Button size="sm" onClick={list.retry}>
              <RotateCw aria-hidden="true" />
              Try Again
            </Button>
          }
        >
          {list.errorMessage}
        </Alert>
      )}
      <ClientSummaryTiles summary={list.mode === 'error' ? emptySummary : list.summary} />
      <ClientFilters value={list.filters} onChange={list.setFilters} />
      {loading ? (
        <ClientsSkeleton view={view} />
      ) : list.clients.length === 0 ? (
        <EmptyState
          filtered={list.filtersActive && (list.summary?.total ?? 0) > 0}
          onCreate={openCreate}
          onClear={() => list.setFilters(EMPTY_FILTERS)}
        />
      ) : (
        <section aria-label="Clients" aria-busy={list.refreshing || undefined}>
          <ul
            className={cn(
              'grid grid-cols-1 gap-4',
              view === 'grid' ? 'sm:grid-cols-2 xl:grid-cols-3' : 'gap-2',
            )}
          >
            {list.clients.map((client) => (
              <li key={client._id} className="flex min-w-0 *:flex-1">
                <ClientCard
                  client={client}
                  view={view}
                  sample={demo}
                  onEdit={(c) => setForm({ mode: 'edit', client: c })}
                  onDelete={setDeleting}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={list.pagination?.currentPage ?? 1}
            totalPages={list.pagination?.totalPages ?? 1}
            onPage={(page) => {
              list.setPage(page);
              window.scrollTo({ top: 0 });
            }}
          />
        </section>
      )}
      <ClientFormDialog
        open={form.mode !== 'closed'}
        onOpenChange={(open) => !open && setForm({ mode: 'closed' })}
        client={form.mode === 'edit' ? form.client : undefined}
        demo={demo}
        onSaved={(saved) => (form.mode === 'edit' ? list.changed(saved) : list.added(saved))}
      />
      <DeleteClientDialog
        client={deleting}
        onClose={() => setDeleting(null)}
        demo={demo}
        onDeleted={list.removed}
      />
    </>
  );
}

const emptySummary = { total: 0, active: 0, potential: 0, completedProjects: 0, totalRevenue: 0 };

function EmptyState({
  filtered,
  onCreate,
  onClear,
}: {
  filtered: boolean;
  onCreate: () => void;
  onClear: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border-strong px-6 py-14 text-center">
      <UserPlus aria-hidden="true" className="size-8 text-muted" />
      <h2 className="text-lg font-semibold">No Clients Found</h2>
      {filtered ? (
        <>
          <p className="max-w-sm text-base text-muted">
            No clients match your current filters. Try adjusting your search criteria.
          </p>
          <Button onClick={onClear}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </>
      ) : (
        <>
          <p className="max-w-sm text-base text-muted">
            You haven't added any clients yet. Add your first client to get started.
          </p>
          <Button variant="primary" onClick={onCreate}>
            <Plus aria-hidden="true" />
            Add Your First Client
          </Button>
        </>
      )}
    </div>
  );
}

function ClientsSkeleton({ view }: { view: ClientsView }) {
  return (
    <div
      className={cn('grid grid-cols-1 gap-4', view === 'grid' ? 'sm:grid-cols-2 xl:grid-cols-3' : 'gap-2')}
    >
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className={view === 'grid' ? 'h-52' : 'h-20'} />
      ))}
    </div>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { ClientsPage as Component };
