/**
 * In this process, the holds asked for one start while a write for it is under way wait together
 * and are then written together, in arrival order, by one `write` (one transaction: the start's row
 * lock, one count, one insert). A rush of 200 buyers costs a handful of transactions instead of 200
 * in line for the lock, each paying its round trips while the others wait.
 *
 * This is not what prevents oversell — the start's row lock does that, across every instance; the
 * write decides under it, ask by ask, what fits.
 */

type Pending<A, R> = {
  ask: A;
  write: Write<A, R>;
  eachAlone: (error: unknown) => boolean;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
};
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
    const { write, eachAlone } = batch[batch.length - 1];
    try {
      settle(batch, await write(batch.map((p) => p.ask)));
    } catch (error) {
      if (batch.length === 1 || !eachAlone(error)) {
        for (const p of batch) p.reject(error);
        continue;
      }
      // The write failed as a whole (not a refusal) in a way one ask can cause (a row the
      // database refused): each ask alone, so one cannot fail the others.
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

/**
 * Runs `ask` through `write`, with whatever else is asked for `key` while a write for it runs. When
 * a write of several fails, `eachAlone(error)` says whether to write each ask alone (an error one
 * ask's row can cause) or to give every ask that error (the lock or the database unavailable).
 */
export const writeTogether = <A, R>(
  key: string,
  ask: A,
  write: Write<A, R>,
  eachAlone: (error: unknown) => boolean = () => true,
): Promise<R> =>
  new Promise<R>((resolve, reject) => {
    const pending = { ask, write, eachAlone, resolve, reject };
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
