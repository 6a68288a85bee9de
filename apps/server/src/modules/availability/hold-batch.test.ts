import { describe, expect, it } from 'vitest';
import { holdBatchesInUse, writeTogether } from './hold-batch.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('holds written together', () => {
  it('writes the first ask at once and those asked meanwhile together, in arrival order, each with its own outcome', async () => {
    const writes: number[][] = [];
    let left = 3;
    const write = async (asks: number[]) => {
      writes.push(asks);
      await tick();
      return asks.map((n) => {
        if (n > left) return new Error(`only ${left}`);
        left -= n;
        return `held ${n}`;
      });
    };
    const outcomes = await Promise.allSettled([1, 2, 3, 1, 1].map((n) => writeTogether('start', n, write)));
    expect(writes).toEqual([[1], [2, 3, 1, 1]]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([
      'held 1',
      'held 2',
      'only 0',
      'only 0',
      'only 0',
    ]);
    expect(holdBatchesInUse()).toBe(0);
  });

  it('keeps starts apart', async () => {
    const writes: string[][] = [];
    const write = async (asks: string[]) => {
      writes.push(asks);
      await tick();
      return asks;
    };
    await Promise.all([writeTogether('a', 'a1', write), writeTogether('b', 'b1', write), writeTogether('a', 'a2', write)]);
    expect(writes).toEqual([['a1'], ['b1'], ['a2']]);
    expect(holdBatchesInUse()).toBe(0);
  });

  it('writes each ask alone when a write of several fails as a whole, so one cannot fail the others', async () => {
    const writes: string[][] = [];
    const write = async (asks: string[]) => {
      writes.push(asks);
      await tick();
      if (asks.includes('bad')) throw new Error('write failed');
      return asks.map((a) => `ok ${a}`);
    };
    const outcomes = await Promise.allSettled(['first', 'x', 'bad', 'y'].map((a) => writeTogether('s', a, write)));
    expect(writes).toEqual([['first'], ['x', 'bad', 'y'], ['x'], ['bad'], ['y']]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([
      'ok first',
      'ok x',
      'write failed',
      'ok y',
    ]);
    expect(holdBatchesInUse()).toBe(0);
  });

  it('gives every ask the error of a write that failed as a whole for a reason no ask caused', async () => {
    const writes: string[][] = [];
    const write = async (asks: string[]) => {
      writes.push(asks);
      await tick();
      if (asks.length > 1) throw new Error('lock timeout');
      return asks;
    };
    const outcomes = await Promise.allSettled(
      ['first', 'x', 'y'].map((a) => writeTogether('t', a, write, (error) => (error as Error).message !== 'lock timeout')),
    );
    expect(writes).toEqual([['first'], ['x', 'y']]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([
      'first',
      'lock timeout',
      'lock timeout',
    ]);
    expect(holdBatchesInUse()).toBe(0);
  });
});
