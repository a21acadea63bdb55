// The diagnostics calls of SPEC §7 (administrators only), parsed with the shared contract, and their query keys.
import type { HealthReport, ServiceName } from '@mixdesk/contract/diagnostics';
import { diagnosticsRoutes as routes } from '@mixdesk/contract/routes/diagnostics';
import { call } from '../../lib/call';

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
  const response = await call(routes.health, { query }, { signal });
  const roundTripMs = performance.now() - started;
  let report = response.data;
  if (report.logsUnchanged && keptLogs) report = { ...report, logs: keptLogs.logs };
  else keptLogs = { version: report.logsVersion, logs: report.logs };
  return { report, roundTripMs };
}

export type HealthSnapshot = Awaited<ReturnType<typeof fetchHealth>>;

/** Runs one probe again now; the answer is the service as it now stands. */
export async function testService(name: ServiceName) {
  return (await call(routes.testService, { params: { serviceName: name } })).data.service;
}
