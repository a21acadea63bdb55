import { describe, expect, it } from 'vitest';
import { buildTopology } from './topology-model';
import { sampleReport as report } from './topology-testing';

describe('the topology', () => {
  it('has SPEC eight nodes and eight links, the database link named after the real engine', () => {
    const { nodes, links } = buildTopology({ report: report(), roundTripMs: 18.6, backendReachable: true });
    expect(nodes.map((n) => n.title)).toEqual([
      'Frontend App',
      'Backend API',
      'WebSocket Server',
      'Database',
      'Cache',
      'Audio Analysis',
      'File Storage',
      'External APIs',
    ]);
    expect(links.map((l) => l.label)).toEqual([
      'REST API',
      'Real-time',
      'PostgreSQL',
      'Cache',
      'Events',
      'Analysis',
      'Files',
      'APIs',
    ]);
    expect(links.map((l) => l.label)).not.toContain('MongoDB');
  });

  it('labels links with measured latencies: the browser round trip for REST, the probes for the rest', () => {
    const { links } = buildTopology({
      report: report({
        database: { latency: 2.4 },
        cache: { latency: 0 },
        realtime: { latency: 7 },
        audio: { latency: 31 },
        storage: { latency: 3 },
        external: { latency: null },
      }),
      roundTripMs: 18.6,
      backendReachable: true,
    });
    const latency = Object.fromEntries(links.map((l) => [l.id, l.latency]));
    expect(latency).toEqual({
      rest: '19 ms',
      realtime: '7 ms',
      database: '2 ms',
      cache: '0 ms',
      events: '7 ms',
      analysis: '31 ms',
      files: '3 ms',
      apis: '—',
    });
  });

  it('colours nodes by state: a running fallback counts as degraded', () => {
    const { nodes, links } = buildTopology({
      report: report({
        cache: { fallbackActive: true, fallback: 'in-process' },
        audio: { status: 'error', error: 'worker crashed' },
        external: { status: 'offline', configured: false },
      }),
      roundTripMs: 5,
      backendReachable: true,
    });
    const node = (id: string) => nodes.find((n) => n.id === id);
    expect(node('cache')).toMatchObject({ state: 'degraded', caption: 'Fallback: in-process' });
    expect(node('audio')).toMatchObject({ state: 'error', caption: 'Error' });
    expect(node('external')).toMatchObject({ state: 'offline', caption: 'Not configured' });
    expect(node('database')).toMatchObject({ state: 'online', caption: 'PostgreSQL' });
    const state = Object.fromEntries(links.map((l) => [l.id, l.state]));
    expect(state).toMatchObject({ rest: 'active', cache: 'degraded', analysis: 'failed', apis: 'offline' });
  });

  it('draws the embedded shape (no Redis, no SMTP) online, saying it is embedded', () => {
    const embedded = { embedded: 'embedded, in-process' };
    const { nodes, links } = buildTopology({
      report: report({ cache: embedded, external: { status: 'offline', configured: false } }),
      roundTripMs: 5,
      backendReachable: true,
    });
    expect(nodes.find((n) => n.id === 'cache')).toMatchObject({
      state: 'online',
      caption: 'Online · embedded',
    });
    expect(links.find((l) => l.id === 'cache')?.state).toBe('active');
  });

  it('shows the backend failed when the last read of the report failed', () => {
    const { nodes, links } = buildTopology({ report: report(), roundTripMs: 5, backendReachable: false });
    expect(nodes.find((n) => n.id === 'backend')?.state).toBe('error');
    expect(links.find((l) => l.id === 'rest')).toMatchObject({ state: 'failed', latency: '—' });
  });
});
