// The diagnostics calls of SPEC §7 (administrators only), parsed with the shared contract, and their query keys.
import { HealthReportSchema, type ServiceName, ServiceTestResultSchema } from '@mixdesk/contract/diagnostics';
import { envelope } from '@mixdesk/contract/envelope';
import { api } from '../../lib/api';

const HealthResponseSchema = envelope(HealthReportSchema);
const TestResponseSchema = envelope(ServiceTestResultSchema);

export const diagnosticsKeys = {
  all: ['diagnostics'] as const,
  health: () => ['diagnostics', 'health'] as const,
};

/** The health report and how long the browser waited for it (the topology's REST API link). */
export async function fetchHealth(signal?: AbortSignal) {
  const started = performance.now();
  const response = await api.get('/api/diagnostics/health', { schema: HealthResponseSchema, signal });
  return { report: response.data, roundTripMs: performance.now() - started };
}

export type HealthSnapshot = Awaited<ReturnType<typeof fetchHealth>>;

/** Runs one probe again now; the answer is the service as it now stands. */
export async function testService(name: ServiceName) {
  const path = `/api/diagnostics/test/${encodeURIComponent(name)}`;
  return (await api.post(path, undefined, { schema: TestResponseSchema })).data.service;
}
