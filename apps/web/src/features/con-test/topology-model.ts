// The network topology of SPEC §2 as data: its eight nodes coloured by state and the eight links between them
// with their measured latencies (topology-layout.ts places them; the diagram component only draws).
import type { HealthReport, ServiceName } from '@mixdesk/contract/diagnostics';
import { formatLatency } from './format';
import { NODE_STATE_LABELS, type NodeState, nodeStateOf } from './status';

export type NodeId =
  | 'frontend'
  | 'backend'
  | 'websocket'
  | 'database'
  | 'cache'
  | 'audio'
  | 'storage'
  | 'external';

export type LinkId = 'rest' | 'realtime' | 'database' | 'cache' | 'events' | 'analysis' | 'files' | 'apis';

/** How a link is drawn: the legend's Active Connection, Degraded Service, Failed Connection; grey when off. */
export type LinkState = 'active' | 'degraded' | 'failed' | 'offline';

export interface TopologyNode {
  id: NodeId;
  title: string;
  state: NodeState;
  /** The line under the title: the state, and what stands in while a fallback runs. */
  caption: string;
}

export interface TopologyLink {
  id: LinkId;
  from: NodeId;
  to: NodeId;
  label: string;
  latency: string;
  state: LinkState;
}

const NODE_TITLES: Record<NodeId, string> = {
  frontend: 'Frontend App',
  backend: 'Backend API',
  websocket: 'WebSocket Server',
  database: 'Database',
  cache: 'Cache',
  audio: 'Audio Analysis',
  storage: 'File Storage',
  external: 'External APIs',
};

/** The service each probed node stands for. */
const NODE_SERVICE: Partial<Record<NodeId, ServiceName>> = {
  websocket: 'realtime',
  database: 'database',
  cache: 'cache',
  audio: 'audio',
  storage: 'storage',
  external: 'external',
};

const LINKS: ReadonlyArray<{ id: LinkId; from: NodeId; to: NodeId; label: string }> = [
  { id: 'rest', from: 'frontend', to: 'backend', label: 'REST API' },
  { id: 'realtime', from: 'frontend', to: 'websocket', label: 'Real-time' },
  // Labelled with the engine the server really runs (SPEC's screen says MongoDB).
  { id: 'database', from: 'backend', to: 'database', label: 'Database' },
  { id: 'cache', from: 'backend', to: 'cache', label: 'Cache' },
  { id: 'events', from: 'backend', to: 'websocket', label: 'Events' },
  { id: 'analysis', from: 'backend', to: 'audio', label: 'Analysis' },
  { id: 'files', from: 'backend', to: 'storage', label: 'Files' },
  { id: 'apis', from: 'backend', to: 'external', label: 'APIs' },
];

const LINK_STATE: Record<NodeState, LinkState> = {
  online: 'active',
  degraded: 'degraded',
  offline: 'offline',
  error: 'failed',
};

/** How a link into (or a trunk out of) a node in this state is drawn. */
export const linkStateFor = (state: NodeState): LinkState => LINK_STATE[state];

export interface TopologyInput {
  report: HealthReport;
  /** How long the browser waited for the last health report. */
  roundTripMs: number;
  /** The last read of the report failed: the backend link is down, whatever the old report says. */
  backendReachable: boolean;
}

export function buildTopology({ report, roundTripMs, backendReachable }: TopologyInput): {
  nodes: TopologyNode[];
  links: TopologyLink[];
} {
  const stateOf = (id: NodeId): NodeState => {
    if (id === 'frontend') return 'online';
    if (id === 'backend') return backendReachable ? 'online' : 'error';
    const service = NODE_SERVICE[id];
    return nodeStateOf(service ? report.services[service] : undefined);
  };
  const captionOf = (id: NodeId, state: NodeState): string => {
    const service = NODE_SERVICE[id] ? report.services[NODE_SERVICE[id]] : undefined;
    if (service?.fallbackActive && service.fallback) return `Fallback: ${service.fallback}`;
    if (id === 'database' && state === 'online') return report.databaseEngine;
    if (service?.embedded && state === 'online') return 'Online · embedded';
    if (service && !service.configured) return 'Not configured';
    return NODE_STATE_LABELS[state];
  };
  const nodes = (Object.keys(NODE_TITLES) as NodeId[]).map((id) => {
    const state = stateOf(id);
    return { id, title: NODE_TITLES[id], state, caption: captionOf(id, state) };
  });
  const links = LINKS.map((link) => {
    const target = stateOf(link.to);
    if (link.id === 'rest') {
      return {
        ...link,
        latency: backendReachable ? formatLatency(roundTripMs) : '—',
        state: backendReachable ? ('active' as const) : ('failed' as const),
      };
    }
    const service = NODE_SERVICE[link.to];
    return {
      ...link,
      label: link.id === 'database' ? report.databaseEngine : link.label,
      latency: formatLatency(service ? report.services[service]?.latency : null),
      state: backendReachable ? LINK_STATE[target] : ('offline' as const),
    };
  });
  return { nodes, links };
}

/** The text on a link: its name and its latency. */
export const linkText = (link: Pick<TopologyLink, 'label' | 'latency'>) => `${link.label} · ${link.latency}`;

/** A sentence per node and link, for screen readers (the drawing itself is an image). */
export function describeTopology(nodes: TopologyNode[], links: TopologyLink[]): string {
  const titles = Object.fromEntries(nodes.map((n) => [n.id, n.title])) as Record<NodeId, string>;
  return [
    ...nodes.map((n) => `${n.title}: ${n.caption}.`),
    ...links.map((l) => `${titles[l.from]} to ${titles[l.to]}, ${l.label}: ${l.latency}.`),
  ].join(' ');
}
