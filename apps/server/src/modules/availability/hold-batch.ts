/**
 * In this process, the holds asked for one start while a write for it is under way wait together
 * and are then written together, in arrival order, by one `write` (one transaction: the start's row
 * lock, one count, one insert). A rush of 200 buyers costs a handful of transactions instead of 200
 * in line for the lock, each paying its round trips while the others wait.
 *
 * This is not what prevents oversell — the start's row lock does that, across every instance; the
 * write decides under it, ask by ask, what fits.
 */

type Pending<A, R> = { ask: A; write: Write<A, R>; resolve: (result: R) => void; reject: (error: unknown) => void };
/** Writes the asks of one batch; answers each ask's result, or the error that refuses it, in order. */
export type Write<A, R> = (asks: A[]) => Promise<(R | Error)[]>;

const lines = new Map<string, Pending<unknown, unknown>[]>();
/** At most this many asks per write (a statement's parameters are bounded). */
const MAX_BATCH = 200;

const settle = <A, R>(batch: Pending<A, R>[], outcomes: (R | Error)[]) => {
  for (const [i, p] of batch.entries()) {
    const outcome = outcomes[i];
    if (outcome instanceof Error) p.reject(outcome);
    else p.resolve(outcome as R);
  }
};

const drain = async <A, R>(key: string, queue: Pending<A, R>[]) => {
  while (queue.length) {
    const batch = queue.splice(0, MAX_BATCH);
    // The latest ask's view of the offer decides (they all name the same start).
    const write = batch[batch.length - 1].write;
    try {
      settle(batch, await write(batch.map((p) => p.ask)));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        continue;
      }
      // The write failed as a whole (not a refusal): each ask alone, so one cannot fail the others.
      for (const p of batch) {
        try {
          settle([p], await p.write([p.ask]));
        } catch (own) {
          p.reject(own);
        }
      }
    }
  }
  lines.delete(key);
};

/** Runs `ask` through `write`, with whatever else is asked for `key` while a write for it runs. */
export const writeTogether = <A, R>(key: string, ask: A, write: Write<A, R>): Promise<R> =>
  new Promise<R>((resolve, reject) => {
    const pending = { ask, write, resolve, reject };
    const waiting = lines.get(key) as Pending<A, R>[] | undefined;
    if (waiting) {
      waiting.push(pending);
      return;
    }
    const queue: Pending<A, R>[] = [pending];
    lines.set(key, queue as Pending<unknown, unknown>[]);
    void drain(key, queue);
  });

/** How many starts have holds being written together in this process (tests: nothing left behind). */
export const holdBatchesInUse = () => lines.size;
