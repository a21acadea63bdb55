// The diagnostics calls of SPEC §7 (administrators only), parsed with the shared contract, and their query keys.
import {
  type HealthReport,
  HealthReportSchema,
  type ServiceName,
  ServiceTestResultSchema,
} from '@mixdesk/contract/diagnostics';
import { envelope } from '@mixdesk/contract/envelope';
import { api } from '../../lib/api';

const HealthResponseSchema = envelope(HealthReportSchema);
const TestResponseSchema = envelope(ServiceTestResultSchema);

export const diagnosticsKeys = {
  all: ['diagnostics'] as const,
  health: () => ['diagnostics', 'health'] as const,
};

/** The last logs read: the next poll names their version, and unchanged logs are not sent again. */
let keptLogs: { version: number; logs: HealthReport['logs'] } | null = null;

/** The health report and how long the browser waited for it (the topology's REST API link). */
export async function fetchHealth(signal?: AbortSignal) {
  const started = performance.now();
  const query = keptLogs ? { logsVersion: String(keptLogs.version) } : undefined;
  const response = await api.get('/api/diagnostics/health', { schema: HealthResponseSchema, signal, query });
  const roundTripMs = performance.now() - started;
  let report = response.data;
  if (report.logsUnchanged && keptLogs) report = { ...report, logs: keptLogs.logs };
  else keptLogs = { version: report.logsVersion, logs: report.logs };
  return { report, roundTripMs };
}

export type HealthSnapshot = Awaited<ReturnType<typeof fetchHealth>>;

/** Runs one probe again now; the answer is the service as it now stands. */
export async function testService(name: ServiceName) {
  const path = `/api/diagnostics/test/${encodeURIComponent(name)}`;
  return (await api.post(path, undefined, { schema: TestResponseSchema })).data.service;
}
