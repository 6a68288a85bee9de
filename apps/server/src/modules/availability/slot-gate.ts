/**
 * In this process, requests taking places on the same slot go through it one at a time, and a
 * request that cannot fit what was last seen is refused without touching the database.
 *
 * This is not what prevents oversell — the slot's row lock does that, across every instance —, it
 * is what keeps a rush cheap: 200 people on one slot of 10 would otherwise each take a pooled
 * connection and queue on the row lock (the pool drains, everything else waits). Here the first
 * ones reserve, each noting how many places it saw left; whoever was already waiting and needs
 * more than that is answered at once. A refusal only uses a count taken *after* the request
 * arrived, so it is what the request would have been told had it reached the lock then.
 */

type Seen = { left: number; atMs: number };
type Gate = { tail: Promise<void>; seen: Seen | null; users: number };

const gates = new Map<string, Gate>();

/** Reports the places a reservation saw left (after its own), counted at `atMs` (`performance.now()`). */
export type NoteLeft = (left: number, atMs: number) => void;

/**
 * Runs `task` for a request needing `need` places on the slot `key` after the requests before it;
 * refuses with `whenFull(left)` instead when a count taken since it arrived left fewer places.
 */
export const throughSlotGate = async <T>(
  key: string,
  need: number,
  whenFull: (left: number) => Error,
  task: (noteLeft: NoteLeft) => Promise<T>,
): Promise<T> => {
  const arrivedMs = performance.now();
  let gate = gates.get(key);
  if (!gate) {
    gate = { tail: Promise.resolve(), seen: null, users: 0 };
    gates.set(key, gate);
  }
  const own = gate;
  own.users++;
  const previous = own.tail;
  let done = () => {};
  own.tail = new Promise<void>((resolve) => {
    done = resolve;
  });
  try {
    await previous;
    const seen = own.seen;
    if (seen && seen.atMs >= arrivedMs && need > seen.left) throw whenFull(seen.left);
    return await task((left, atMs) => {
      if (!own.seen || atMs >= own.seen.atMs) own.seen = { left: Math.max(0, left), atMs };
    });
  } finally {
    done();
    if (--own.users === 0) gates.delete(key);
  }
};

/** How many slots have requests in flight in this process (tests: nothing is left behind). */
export const slotGatesInUse = () => gates.size;
