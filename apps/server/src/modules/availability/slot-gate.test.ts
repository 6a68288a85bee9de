import { describe, expect, it } from 'vitest';
import { slotGatesInUse, throughSlotGate } from './slot-gate.ts';

const full = (left: number) => new Error(`full:${left}`);
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('slot gate', () => {
  it('runs the requests of one slot one at a time, in arrival order, and other slots beside them', async () => {
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name}>`);
      await tick();
      log.push(`<${name}`);
      return name;
    };
    const results = await Promise.all([
      throughSlotGate('a', 1, full, task('a1')),
      throughSlotGate('a', 1, full, task('a2')),
      throughSlotGate('b', 1, full, task('b1')),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('<a1')).toBeLessThan(log.indexOf('a2>'));
    expect(log.indexOf('b1>')).toBeLessThan(log.indexOf('<a1'));
    expect(slotGatesInUse()).toBe(0);
  });

  it('refuses a waiting request that needs more than a count taken after it arrived left', async () => {
    let ran = 0;
    const reserveTo = (left: number) => async (note: (left: number, atMs: number) => void) => {
      ran++;
      note(left, performance.now());
      await tick();
    };
    const outcomes = await Promise.allSettled([
      throughSlotGate('s', 1, full, reserveTo(1)),
      throughSlotGate('s', 2, full, reserveTo(0)), // needs 2, 1 left: refused without running
      throughSlotGate('s', 1, full, reserveTo(0)), // fits the 1 left: runs
      throughSlotGate('s', 1, full, reserveTo(0)), // nothing left: refused
    ]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? 'ran' : (o.reason as Error).message))).toEqual([
      'ran',
      'full:1',
      'ran',
      'full:0',
    ]);
    expect(ran).toBe(2);
    expect(slotGatesInUse()).toBe(0);
  });

  it('never refuses on a count older than the request: it asks again', async () => {
    let second: Promise<string> | null = null;
    await throughSlotGate('old', 1, full, async (note) => {
      note(0, performance.now());
      await tick();
      // Arrives after that count, while the gate is still held.
      second = throughSlotGate('old', 1, full, async () => 'asked again');
    });
    await expect(second).resolves.toBe('asked again');
  });

  it('passes a failure on and lets the next request through', async () => {
    const failing = throughSlotGate('f', 1, full, async () => {
      throw new Error('database down');
    });
    const next = throughSlotGate('f', 1, full, async () => 'next');
    await expect(failing).rejects.toThrow('database down');
    await expect(next).resolves.toBe('next');
    expect(slotGatesInUse()).toBe(0);
  });
});
