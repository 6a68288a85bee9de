import { describe, expect, it } from 'vitest';
import { createInProcessQueue, RETRY_LIMIT } from './queue.ts';

describe('the in-process job runner', () => {
  it('tries a failed job again, RETRY_LIMIT times at most, as pg-boss does', async () => {
    const queue = createInProcessQueue({ everyMs: 60_000, retryMs: 0 });
    let calls = 0;
    queue.register({
      name: 'flaky',
      handler: async () => {
        calls += 1;
        if (calls < 3) throw new Error('not yet');
      },
    });
    let always = 0;
    queue.register({
      name: 'broken',
      handler: async () => {
        always += 1;
        throw new Error('never');
      },
    });
    await queue.send('flaky');
    await queue.send('broken');
    await queue.idle();
    expect(calls).toBe(3);
    expect(always).toBe(1 + RETRY_LIMIT);
  });

  it('stops without waiting out a retry’s delay', async () => {
    const queue = createInProcessQueue({ everyMs: 60_000, retryMs: 600_000 });
    let calls = 0;
    queue.register({
      name: 'broken',
      handler: async () => {
        calls += 1;
        throw new Error('never');
      },
    });
    await queue.send('broken');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Waiting out the 10-minute delay would run past the test's timeout.
    await queue.stop();
    expect(calls).toBe(1);
  });
});
