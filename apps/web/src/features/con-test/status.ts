// What each diagnostics status reads as and which design-token tone shows it (the same tones the badges use),
// so the tiles, the topology, the services grid and the connections agree on one colour per state.
import type { Connection, ServiceHealth, ServiceStatus, SystemStatus } from '@mixdesk/contract/diagnostics';
import type { BadgeTone } from '../../ui/badge';

/** How a node of the topology is drawn (SPEC: online green, degraded amber, offline grey, error red). */
export type NodeState = ServiceStatus;

export const NODE_STATE_LABELS: Record<NodeState, string> = {
  online: 'Online',
  degraded: 'Degraded',
  offline: 'Offline',
  error: 'Error',
};

export const NODE_STATE_TONE: Record<NodeState, BadgeTone> = {
  online: 'success',
  degraded: 'warning',
  offline: 'neutral',
  error: 'danger',
};

/** A service running on its stand-in (in-process cache, mail outbox) counts as degraded, whatever it reports. */
export function nodeStateOf(
  service: Pick<ServiceHealth, 'status' | 'fallbackActive'> | undefined,
): NodeState {
  if (!service) return 'offline';
  if (service.status === 'online' && service.fallbackActive) return 'degraded';
  return service.status;
}

export const SYSTEM_STATUS_LABELS: Record<SystemStatus, string> = {
  healthy: 'Healthy',
  degraded: 'Degraded',
  unhealthy: 'Unhealthy',
};

export const SYSTEM_STATUS_TONE: Record<SystemStatus, BadgeTone> = {
  healthy: 'success',
  degraded: 'warning',
  unhealthy: 'danger',
};

export const CONNECTION_STATUS_LABELS: Record<Connection['status'], string> = {
  connected: 'Connected',
  fallback: 'Fallback',
  disconnected: 'Disconnected',
  error: 'Error',
};

export const CONNECTION_STATUS_TONE: Record<Connection['status'], BadgeTone> = {
  connected: 'success',
  fallback: 'warning',
  disconnected: 'neutral',
  error: 'danger',
};

export const CONNECTION_TYPE_LABELS: Record<Connection['type'], string> = {
  database: 'Database',
  cache: 'Cache',
  websocket: 'WebSocket',
  ai: 'AI',
  file: 'File',
  mail: 'Mail',
};

/** Text colour classes per tone, for figures and icons outside a badge. */
export const TONE_TEXT: Record<BadgeTone, string> = {
  neutral: 'text-muted',
  accent: 'text-accent',
  success: 'text-success',
  warning: 'text-warning',
  danger: 'text-danger',
  info: 'text-info',
};

/** A usage bar's tone: calm below 70 %, a warning from 70 %, a danger from 90 %. */
export function usageTone(percentage: number): 'success' | 'warning' | 'danger' {
  if (percentage >= 90) return 'danger';
  if (percentage >= 70) return 'warning';
  return 'success';
}
