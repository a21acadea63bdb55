// Test Service (SPEC §2, §4): runs one probe again; the card shows the answer at once and the whole report is
// read again. A failure says 'Failed to test {service}: {reason}'. Several services may be under test at once.
import { type HealthReport, SERVICE_LABELS, type ServiceName } from '@mixdesk/contract/diagnostics';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useToast } from '../../ui/toast';
import { diagnosticsKeys, type HealthSnapshot, testService } from './api';
import { testErrorMessage } from './errors';
import { formatLatency } from './format';
import { NODE_STATE_LABELS, nodeStateOf } from './status';

const TEST_KEY = [...diagnosticsKeys.all, 'test'] as const;

export function useServiceTest() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationKey: TEST_KEY,
    mutationFn: testService,
    onSuccess: (service) => {
      queryClient.setQueryData<HealthSnapshot>(diagnosticsKeys.health(), (snapshot) =>
        snapshot ? withService(snapshot, service) : snapshot,
      );
      const state = nodeStateOf(service);
      const measured = service.configured ? formatLatency(service.latency) : 'not configured';
      toast.notify(
        !service.configured ? 'info' : state === 'online' ? 'success' : 'warning',
        `${service.label}: ${NODE_STATE_LABELS[state]} (${measured})`,
      );
      void queryClient.invalidateQueries({ queryKey: diagnosticsKeys.health() });
    },
    onError: (error, name) => {
      console.warn(`Testing ${name} failed`, error);
      toast.notify('error', testErrorMessage(SERVICE_LABELS[name], error));
    },
  });
  const testing = useMutationState({
    filters: { mutationKey: TEST_KEY, status: 'pending' },
    select: (m) => m.state.variables as ServiceName,
  });
  const { mutate } = mutation;
  return {
    test: useCallback((name: ServiceName) => mutate(name), [mutate]),
    isTesting: (name: ServiceName) => testing.includes(name),
  };
}

function withService(snapshot: HealthSnapshot, service: HealthReport['services'][ServiceName]) {
  return {
    ...snapshot,
    report: { ...snapshot.report, services: { ...snapshot.report.services, [service.name]: service } },
  };
}
