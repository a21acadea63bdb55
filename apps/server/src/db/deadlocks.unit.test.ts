import { describe, expect, it } from 'vitest';
import { retryingDeadlocks } from './deadlocks.ts';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryingDeadlocks', () => {
  it("runs a deadlock's victim again, up to three times in all", async () => {
    let runs = 0;
    expect(
      await retryingDeadlocks(async () => {
        runs += 1;
        if (runs < 3) throw deadlock();
        return 'done';
      }),
    ).toBe('done');
    expect(runs).toBe(3);

    runs = 0;
    await expect(
      retryingDeadlocks(async () => {
        runs += 1;
        throw deadlock();
      }),
    ).rejects.toThrow('deadlock detected');
    expect(runs).toBe(3);
  });

  it('does not run again after any other failure', async () => {
    let runs = 0;
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      retryingDeadlocks(async () => {
        runs += 1;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(runs).toBe(1);
  });
});
