// The clients screen's state (SPEC §4 Clients), on the shared list state (lib/use-list-with-demo): the page
// of clients with the network's summary; a change shows at once, then the list reloads so the summary and
// the order come from the server.
import type { Client, ClientListData } from '@mixdesk/contract/client-responses';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useListWithDemo } from '../../lib/use-list-with-demo';
import { type ClientFilters, clientKeys, EMPTY_FILTERS, fetchClients, PAGE_SIZE } from './api';
import { demoClients, filterDemo, summarise } from './demo-clients';
import { listErrorMessage, meansDemoMode } from './errors';

const demoData = (samples: Client[], applied: ClientFilters): ClientListData => {
  const clients = filterDemo(samples, applied);
  return {
    clients,
    pagination: { currentPage: 1, totalPages: 1, limit: PAGE_SIZE, totalClients: clients.length },
    summary: summarise(samples),
  };
};

export function useClientsList() {
  const queryClient = useQueryClient();
  const state = useListWithDemo<Client, ClientListData, ClientFilters>({
    emptyFilters: EMPTY_FILTERS,
    queryKey: clientKeys.list,
    fetch: fetchClients,
    demoSamples: demoClients,
    demoData,
    meansDemoMode,
  });
  const { edit } = state;

  /** Shows a change at once on this page, then reloads the list so the summary and order come from the server. */
  const editList = useCallback(
    (samples: (items: Client[]) => Client[], page: (d: ClientListData) => ClientListData) => {
      if (edit(samples, page)) void queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
    [edit, queryClient],
  );

  const added = useCallback(
    (client: Client) =>
      editList(
        (items) => [client, ...items],
        (d) => ({
          ...d,
          clients: [client, ...d.clients],
          pagination: { ...d.pagination, totalClients: d.pagination.totalClients + 1 },
          summary: { ...d.summary, total: d.summary.total + 1 },
        }),
      ),
    [editList],
  );

  const changed = useCallback(
    (client: Client) => {
      const replace = (c: Client) => (c._id === client._id ? client : c);
      editList(
        (items) => items.map(replace),
        (d) => ({ ...d, clients: d.clients.map(replace) }),
      );
    },
    [editList],
  );

  const removed = useCallback(
    (id: string) =>
      editList(
        (items) => items.filter((c) => c._id !== id),
        (d) => ({
          ...d,
          clients: d.clients.filter((c) => c._id !== id),
          pagination: { ...d.pagination, totalClients: Math.max(0, d.pagination.totalClients - 1) },
          summary: { ...d.summary, total: Math.max(0, d.summary.total - 1) },
        }),
      ),
    [editList],
  );

  return {
    ...state.view,
    clients: state.data?.clients ?? [],
    pagination: state.data?.pagination,
    summary: state.data?.summary,
    errorMessage: state.failure ? listErrorMessage(state.failure) : null,
    retry: () => void state.list.refetch(),
    added,
    changed,
    removed,
  };
}
