import { describe, expect, it } from 'vitest';
import { exitPoint, labelPoint, linkPath, pointAlong, TALL_LAYOUT, WIDE_LAYOUT } from './topology-layout';
import { buildTopology } from './topology-model';
import { sampleReport as report } from './topology-testing';

describe('drawing the links', () => {
  const box = { width: 100, height: 40 };

  it('start and end on the edges of their boxes', () => {
    expect(exitPoint([0, 0], box, [0, 0], [200, 0])).toEqual([50, 0]);
    expect(exitPoint([0, 0], box, [0, 0], [0, -200])).toEqual([0, -20]);
    // A steep diagonal leaves through the top, not the side.
    expect(exitPoint([0, 0], box, [0, 0], [100, -200])).toEqual([10, -20]);
    // Already on the edge: stays put.
    expect(exitPoint([0, 0], box, [0, 20], [0, 100])).toEqual([0, 20]);
  });

  it('find points along a bent path', () => {
    const path = [
      [0, 0],
      [0, 100],
      [100, 100],
    ] as const;
    expect(pointAlong(path, 0)).toEqual([0, 0]);
    expect(pointAlong(path, 0.25)).toEqual([0, 50]);
    expect(pointAlong(path, 0.75)).toEqual([50, 100]);
    expect(pointAlong(path, 1)).toEqual([100, 100]);
  });

  it.each([
    ['wide', WIDE_LAYOUT],
    ['tall', TALL_LAYOUT],
  ])('keep every node, link end and label inside the %s drawing, and no two nodes overlap', (_, layout) => {
    const { nodes, links } = buildTopology({ report: report(), roundTripMs: 5, backendReachable: true });
    const { width: w, height: h } = layout.node;
    const inside = ([x, y]: readonly [number, number]) =>
      x >= 0 && x <= layout.width && y >= 0 && y <= layout.height;
    for (const node of nodes) {
      const [cx, cy] = layout.positions[node.id];
      expect(inside([cx - w / 2, cy - h / 2]) && inside([cx + w / 2, cy + h / 2])).toBe(true);
      for (const other of nodes) {
        if (other.id === node.id) continue;
        const [ox, oy] = layout.positions[other.id];
        expect(Math.abs(ox - cx) >= w || Math.abs(oy - cy) >= h).toBe(true);
      }
    }
    for (const link of links) {
      const path = linkPath(layout, link);
      for (const point of path) expect(inside(point)).toBe(true);
      expect(inside(labelPoint(layout, link))).toBe(true);
      // Every link ends on the edge of its target's box (where its arrowhead goes).
      const [tx, ty] = layout.positions[link.to];
      const [ex, ey] = path[path.length - 1]!;
      expect(Math.abs(Math.abs(ex - tx) - w / 2) < 0.01 || Math.abs(Math.abs(ey - ty) - h / 2) < 0.01).toBe(
        true,
      );
    }
  });
});
