// Where the topology's nodes, links and labels sit in its two drawings: wide screens, and a tall one that stays
// legible on a phone; and the geometry that ends every link on the edge of its boxes.
import type { LinkId, NodeId, TopologyLink } from './topology-model';

export type Point = readonly [number, number];

export interface Layout {
  width: number;
  height: number;
  node: { width: number; height: number };
  positions: Record<NodeId, Point>;
  /**
   * Each link's way, corners included, from inside its source box (or from a point on a trunk) to inside its
   * target box. An end inside a box is trimmed to the box's edge.
   */
  paths: Record<LinkId, Point[]>;
  /** Shared stems several links branch off, drawn in their source node's colour. */
  trunks?: ReadonlyArray<{ from: NodeId; points: Point[] }>;
  /** Where each link's label sits: a point, or a fraction of the way along the (trimmed) link. */
  labels: Record<LinkId, Point | number>;
}

const line = (layoutPositions: Record<NodeId, Point>, from: NodeId, to: NodeId): Point[] => [
  layoutPositions[from],
  layoutPositions[to],
];

const WIDE_POSITIONS: Record<NodeId, Point> = {
  frontend: [100, 210],
  backend: [400, 210],
  websocket: [400, 56],
  database: [770, 50],
  cache: [770, 130],
  audio: [770, 210],
  storage: [770, 290],
  external: [770, 370],
};

/** Wide screens: the app on the left, the backend in the middle, the services fanned out on the right. */
export const WIDE_LAYOUT: Layout = {
  width: 880,
  height: 420,
  node: { width: 160, height: 48 },
  positions: WIDE_POSITIONS,
  paths: {
    rest: line(WIDE_POSITIONS, 'frontend', 'backend'),
    realtime: line(WIDE_POSITIONS, 'frontend', 'websocket'),
    events: line(WIDE_POSITIONS, 'backend', 'websocket'),
    database: line(WIDE_POSITIONS, 'backend', 'database'),
    cache: line(WIDE_POSITIONS, 'backend', 'cache'),
    analysis: line(WIDE_POSITIONS, 'backend', 'audio'),
    files: line(WIDE_POSITIONS, 'backend', 'storage'),
    apis: line(WIDE_POSITIONS, 'backend', 'external'),
  },
  // Service labels sit 60 % of the way out, where the fanned lines are far enough apart.
  labels: {
    rest: 0.5,
    realtime: 0.45,
    events: 0.5,
    database: 0.6,
    cache: 0.6,
    analysis: 0.6,
    files: 0.6,
    apis: 0.6,
  },
};

// Phones: the app above the backend; a trunk down from the backend's left side feeds one service per row.
const TRUNK_X = 44;
const ROW_Y = { websocket: 204, database: 262, cache: 320, audio: 378, storage: 436, external: 494 } as const;
const BRANCH_END = 192;
const TALL_POSITIONS: Record<NodeId, Point> = {
  frontend: [100, 32],
  backend: [100, 132],
  websocket: [272, ROW_Y.websocket],
  database: [272, ROW_Y.database],
  cache: [272, ROW_Y.cache],
  audio: [272, ROW_Y.audio],
  storage: [272, ROW_Y.storage],
  external: [272, ROW_Y.external],
};
const branch = (row: keyof typeof ROW_Y): Point[] => [
  [TRUNK_X, ROW_Y[row]],
  [BRANCH_END + 10, ROW_Y[row]],
];
const BRANCH_LABEL_X = (TRUNK_X + BRANCH_END) / 2 + 2;

export const TALL_LAYOUT: Layout = {
  width: 360,
  height: 524,
  node: { width: 160, height: 44 },
  positions: TALL_POSITIONS,
  trunks: [
    {
      from: 'backend',
      points: [
        [TRUNK_X, 132],
        [TRUNK_X, ROW_Y.external],
      ],
    },
  ],
  paths: {
    rest: line(TALL_POSITIONS, 'frontend', 'backend'),
    realtime: [
      [100, 32],
      [272, 32],
      [272, ROW_Y.websocket],
    ],
    events: branch('websocket'),
    database: branch('database'),
    cache: branch('cache'),
    analysis: branch('audio'),
    files: branch('storage'),
    apis: branch('external'),
  },
  labels: {
    rest: [100, 82],
    realtime: [272, 118],
    events: [BRANCH_LABEL_X, ROW_Y.websocket],
    database: [BRANCH_LABEL_X, ROW_Y.database],
    cache: [BRANCH_LABEL_X, ROW_Y.cache],
    analysis: [BRANCH_LABEL_X, ROW_Y.audio],
    files: [BRANCH_LABEL_X, ROW_Y.storage],
    apis: [BRANCH_LABEL_X, ROW_Y.external],
  },
};

/**
 * Where the segment from `inside` (within the box centred on `center`) towards `outside` leaves that box. Used
 * to start and end every link on the edge of its boxes, so its arrowhead shows.
 */
export function exitPoint(
  center: Point,
  size: { width: number; height: number },
  inside: Point,
  outside: Point,
): Point {
  const [x0, y0] = inside;
  const dx = outside[0] - x0;
  const dy = outside[1] - y0;
  const halfW = size.width / 2;
  const halfH = size.height / 2;
  let t = Number.POSITIVE_INFINITY;
  if (dx > 0) t = Math.min(t, (center[0] + halfW - x0) / dx);
  if (dx < 0) t = Math.min(t, (center[0] - halfW - x0) / dx);
  if (dy > 0) t = Math.min(t, (center[1] + halfH - y0) / dy);
  if (dy < 0) t = Math.min(t, (center[1] - halfH - y0) / dy);
  if (!Number.isFinite(t)) return inside;
  const k = Math.min(1, Math.max(0, t));
  return [x0 + dx * k, y0 + dy * k];
}

/** Whether a point lies within the box centred on `center` (edges included). */
function inBox(center: Point, size: { width: number; height: number }, [x, y]: Point): boolean {
  return Math.abs(x - center[0]) <= size.width / 2 && Math.abs(y - center[1]) <= size.height / 2;
}

/** A path whose ends inside a node's box are trimmed to that box's edge. */
export function trimToBoxes(layout: Layout, path: readonly Point[], from: NodeId, to?: NodeId): Point[] {
  const points = [...path];
  const n = points.length;
  if (n < 2) return points;
  const start = layout.positions[from];
  if (inBox(start, layout.node, points[0]!))
    points[0] = exitPoint(start, layout.node, points[0]!, points[1]!);
  const end = to ? layout.positions[to] : undefined;
  if (end && inBox(end, layout.node, points[n - 1]!))
    points[n - 1] = exitPoint(end, layout.node, points[n - 1]!, points[n - 2]!);
  return points;
}

/** A link's path in a layout, trimmed to the edges of its boxes. */
export function linkPath(layout: Layout, link: Pick<TopologyLink, 'id' | 'from' | 'to'>): Point[] {
  return trimToBoxes(layout, layout.paths[link.id], link.from, link.to);
}

/** The point a fraction `t` (0–1) of the way along a polyline. */
export function pointAlong(points: readonly Point[], t: number): Point {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i]![0], p[1] - points[i]![1]));
  let remaining = Math.min(1, Math.max(0, t)) * lengths.reduce((a, b) => a + b, 0);
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i]!;
    if (remaining <= length && length > 0) {
      const k = remaining / length;
      const [a, b] = [points[i]!, points[i + 1]!];
      return [a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k];
    }
    remaining -= length;
  }
  return points[points.length - 1] ?? [0, 0];
}

/** Where a link's label goes in a layout. */
export function labelPoint(layout: Layout, link: Pick<TopologyLink, 'id' | 'from' | 'to'>): Point {
  const spot = layout.labels[link.id];
  return typeof spot === 'number' ? pointAlong(linkPath(layout, link), spot) : spot;
}
