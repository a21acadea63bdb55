// The System Overview's network topology (SPEC §2): the eight nodes coloured by state, the links labelled
// with their measured latency, and the legend. Drawn as SVG from the design tokens, so both themes hold; a
// tall drawing replaces the wide one below the lg breakpoint so the labels stay legible on a phone.
import { useId } from 'react';
import { cn } from '../../ui/cn';
import type { NodeState } from './status';
import {
  type Layout,
  labelPoint,
  linkPath,
  type Point,
  TALL_LAYOUT,
  trimToBoxes,
  WIDE_LAYOUT,
} from './topology-layout';
import {
  describeTopology,
  type LinkState,
  linkStateFor,
  linkText,
  type NodeId,
  type TopologyLink,
  type TopologyNode,
} from './topology-model';

// Whole class names, so Tailwind sees every one of them.
const NODE_LOOK: Record<NodeState, { stroke: string; dot: string; tint: string }> = {
  online: { stroke: 'stroke-success', dot: 'fill-success', tint: 'fill-success-soft' },
  degraded: { stroke: 'stroke-warning', dot: 'fill-warning', tint: 'fill-warning-soft' },
  offline: { stroke: 'stroke-subtle', dot: 'fill-subtle', tint: 'fill-surface-3' },
  error: { stroke: 'stroke-danger', dot: 'fill-danger', tint: 'fill-danger-soft' },
};

const LINK_LOOK: Record<LinkState, { stroke: string; fill: string; dash?: string }> = {
  active: { stroke: 'stroke-success', fill: 'fill-success' },
  degraded: { stroke: 'stroke-warning', fill: 'fill-warning', dash: '6 4' },
  failed: { stroke: 'stroke-danger', fill: 'fill-danger', dash: '3 4' },
  offline: { stroke: 'stroke-subtle', fill: 'fill-subtle', dash: '3 4' },
};

const LINK_STATES = Object.keys(LINK_LOOK) as LinkState[];

const toPoints = (points: readonly Point[]) => points.map(([x, y]) => `${x},${y}`).join(' ');

/** A trunk carries its node's traffic: drawn like a link out of a node in that state. */
function trunkState(nodes: TopologyNode[], from: NodeId): LinkState {
  return linkStateFor(nodes.find((n) => n.id === from)?.state ?? 'offline');
}

/** Inter is about 0.57 em wide per character at these sizes; the pills are sized from that. */
const LABEL_FONT = 11;
const pillWidth = (text: string) => Math.ceil(text.length * LABEL_FONT * 0.6) + 14;

interface Props {
  nodes: TopologyNode[];
  links: TopologyLink[];
}

export function TopologyDiagram({ nodes, links }: Props) {
  const description = describeTopology(nodes, links);
  return (
    <div className="flex flex-col gap-4">
      <Drawing
        layout={WIDE_LAYOUT}
        nodes={nodes}
        links={links}
        description={description}
        className="max-lg:hidden"
      />
      <Drawing
        layout={TALL_LAYOUT}
        nodes={nodes}
        links={links}
        description={description}
        className="mx-auto w-full max-w-md lg:hidden"
      />
      <Legend />
    </div>
  );
}

function Drawing({
  layout,
  nodes,
  links,
  description,
  className,
}: Props & { layout: Layout; description: string; className?: string }) {
  const id = useId();
  const marker = (state: LinkState) => `${id}-arrow-${state}`;
  const { width: w, height: h } = layout.node;
  return (
    <svg
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className={cn('h-auto w-full max-w-[60rem] self-center font-sans', className)}
    >
      <title id={`${id}-title`}>Network topology</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <defs>
        {LINK_STATES.map((state) => (
          <marker
            key={state}
            id={marker(state)}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M0 0 L10 5 L0 10 z" className={LINK_LOOK[state].fill} />
          </marker>
        ))}
      </defs>
      {layout.trunks?.map((trunk) => {
        const look = LINK_LOOK[trunkState(nodes, trunk.from)];
        return (
          <polyline
            key={`trunk-${trunk.from}`}
            points={toPoints(trimToBoxes(layout, trunk.points, trunk.from))}
            fill="none"
            strokeWidth={2}
            strokeDasharray={look.dash}
            className={look.stroke}
          />
        );
      })}
      {links.map((link) => {
        const look = LINK_LOOK[link.state];
        return (
          <polyline
            key={link.id}
            points={toPoints(linkPath(layout, link))}
            fill="none"
            strokeWidth={2}
            strokeLinejoin="round"
            strokeDasharray={look.dash}
            markerEnd={`url(#${marker(link.state)})`}
            className={look.stroke}
          />
        );
      })}
      {nodes.map((node) => {
        const [cx, cy] = layout.positions[node.id];
        const look = NODE_LOOK[node.state];
        const x = cx - w / 2;
        const y = cy - h / 2;
        return (
          <g key={node.id}>
            <rect x={x} y={y} width={w} height={h} rx={6} className="fill-surface" />
            <rect
              x={x}
              y={y}
              width={w}
              height={h}
              rx={6}
              strokeWidth={1.5}
              className={cn(look.tint, look.stroke)}
            />
            <circle cx={x + 14} cy={cy} r={4.5} className={look.dot} />
            <text x={x + 26} y={cy - 3} fontSize={12.5} fontWeight={600} className="fill-text">
              {node.title}
            </text>
            <text x={x + 26} y={cy + 12} fontSize={LABEL_FONT} className="fill-muted">
              {node.caption}
            </text>
          </g>
        );
      })}
      {links.map((link) => {
        const [lx, ly] = labelPoint(layout, link);
        const text = linkText(link);
        const pw = pillWidth(text);
        return (
          <g key={link.id}>
            <rect
              x={lx - pw / 2}
              y={ly - 10}
              width={pw}
              height={20}
              rx={10}
              strokeWidth={1}
              className="fill-surface stroke-border-strong"
            />
            <text
              x={lx}
              y={ly + 0.5}
              fontSize={LABEL_FONT}
              textAnchor="middle"
              dominantBaseline="middle"
              className="fill-text tabular-nums"
            >
              {text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

const NODE_LEGEND: ReadonlyArray<{ state: NodeState; label: string }> = [
  { state: 'online', label: 'Online' },
  { state: 'degraded', label: 'Degraded' },
  { state: 'offline', label: 'Offline' },
];

const LINK_LEGEND: ReadonlyArray<{ state: LinkState; label: string }> = [
  { state: 'active', label: 'Active Connection' },
  { state: 'degraded', label: 'Degraded Service' },
  { state: 'failed', label: 'Failed Connection' },
];

function Legend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-muted">
      {NODE_LEGEND.map(({ state, label }) => (
        <li key={label} className="flex items-center gap-1.5">
          <svg viewBox="0 0 12 12" aria-hidden="true" className="size-3">
            <circle cx="6" cy="6" r="5" className={NODE_LOOK[state].dot} />
          </svg>
          {label}
        </li>
      ))}
      {LINK_LEGEND.map(({ state, label }) => (
        <li key={label} className="flex items-center gap-1.5">
          <svg viewBox="0 0 24 8" aria-hidden="true" className="h-2 w-6">
            <line
              x1="1"
              y1="4"
              x2="23"
              y2="4"
              strokeWidth={2}
              strokeDasharray={LINK_LOOK[state].dash}
              className={LINK_LOOK[state].stroke}
            />
          </svg>
          {label}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <svg viewBox="0 0 24 10" aria-hidden="true" className="h-2.5 w-6">
          <line x1="1" y1="5" x2="17" y2="5" strokeWidth={2} className="stroke-muted" />
          <path d="M15 1 L23 5 L15 9 z" className="fill-muted" />
        </svg>
        Data Flow
      </li>
    </ul>
  );
}
