// A health report with every service online, for the topology's tests; `patches` change single services.
import {
  type HealthReport,
  SERVICE_LABELS,
  SERVICE_NAMES,
  type ServiceHealth,
  type ServiceName,
} from '@mixdesk/contract/diagnostics';

function service(name: ServiceName, patch: Partial<ServiceHealth> = {}): ServiceHealth {
  return {
    name,
    label: SERVICE_LABELS[name],
    status: 'online',
    latency: 4,
    lastCheck: '2026-05-01T10:00:00.000Z',
    error: null,
    fallbackActive: false,
    fallback: null,
    embedded: null,
    configured: true,
    details: {},
    ...patch,
  };
}

export function sampleReport(
  patches: Partial<Record<ServiceName, Partial<ServiceHealth>>> = {},
): HealthReport {
  const services = Object.fromEntries(SERVICE_NAMES.map((n) => [n, service(n, patches[n])])) as Record<
    ServiceName,
    ServiceHealth
  >;
  return {
    status: 'healthy',
    uptime: 100,
    timestamp: '2026-05-01T10:00:00.000Z',
    databaseEngine: 'PostgreSQL',
    connections: [],
    services,
    performance: {
      memory: { used: 1, total: 2, percentage: 50, heapUsed: 1, heapTotal: 2, heapPercentage: 50 },
      cpu: { cores: 4, platform: 'linux', loadAverage: [0, 0, 0] },
    },
    environment: { nodeVersion: 'v22', environment: 'test', port: 3000, timezone: 'UTC', memory: 1 },
    logs: [],
    logsVersion: 0,
    logsUnchanged: false,
  };
}
