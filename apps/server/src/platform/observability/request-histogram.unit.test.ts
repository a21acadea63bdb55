import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestHistogram } from './request-histogram.ts';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const NAME = 'mixdesk_http_request_duration_seconds';
const HELP = 'Requests and their time';

/** Observations on both sides of every bound, on the bounds themselves, and past the last one. */
const observations: Array<[string, string, number, number]> = [
  ['GET', '/api/auth/me', 200, 0.0004],
  ['GET', '/api/auth/me', 200, 0.005],
  ['GET', '/api/auth/me', 200, 0.0051],
  ['GET', '/api/auth/me', 200, 5],
  ['GET', '/api/auth/me', 200, 7.5],
  ['POST', '/api/projects', 201, 0.3],
  ['GET', 'unmatched', 404, 0.02],
  ['GET', '/api/auth/me', 401, 1],
];

describe('RequestHistogram', () => {
  it("exposes exactly what prom-client's own histogram does for the same requests", async () => {
    const theirs = new Registry();
    const reference = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    const ours = new Registry();
    const histogram = new RequestHistogram(NAME, HELP, BUCKETS);
    ours.registerMetric(histogram as unknown as Histogram);
    for (const [method, route, status, seconds] of observations) {
      reference.observe({ method, route, status }, seconds);
      histogram.observe(method, route, status, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('counts each label set apart, cumulatively per bound, and forgets all on reset', async () => {
    const histogram = new RequestHistogram(NAME, HELP, [0.1, 1]);
    histogram.observe('GET', '/a', 200, 0.1);
    histogram.observe('GET', '/a', 200, 0.5);
    histogram.observe('GET', '/a', 500, 2);
    const values = histogram.get().values.filter((v) => v.labels.status === 200);
    expect(values.map((v) => [v.metricName, v.labels.le, v.value])).toEqual([
      [`${NAME}_bucket`, 0.1, 1],
      [`${NAME}_bucket`, 1, 2],
      [`${NAME}_bucket`, '+Inf', 2],
      [`${NAME}_sum`, undefined, 0.6],
      [`${NAME}_count`, undefined, 2],
    ]);
    histogram.reset();
    expect(histogram.get().values).toEqual([]);
  });
});
