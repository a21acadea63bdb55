// With Redis, the adapter publishes every room event without waiting for the answer. A publish that fails
// (Redis slow past the command timeout, or its connection gone) must be logged, not left as an unhandled
// rejection that ends the process (bench:realtime saw an instance exit this way when 1,000 sockets left).
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { untyped } from './realtime-testing.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('a failed publish to Redis', () => {
  it('is logged, and the instance keeps serving', async () => {
    const t = await createTestApp({ redisUrl: REDIS_URL });
    try {
      const adapter = t.app.realtime.io.of('/').adapter as unknown as { pubClient: { destroy(): void } };
      adapter.pubClient.destroy();
      untyped(t).toProject('00000000-0000-4000-8000-000000000000', 'comment:new', { n: 1 });
      untyped(t).toUser('00000000-0000-4000-8000-000000000001', 'notification:new', { n: 2 });
      await expect
        .poll(() => t.logs().split('Could not publish a realtime event to Redis').length - 1)
        .toBe(2);
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
