import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the response is sent, in this process. The mail-sending account endpoints
 * use it so that a known and an unknown email answer after the same work (no timing oracle).
 * Not durable: a crash loses queued tasks, which for these mails means the user asks again. The
 * job queue of the operations issue (pg-boss on PostgreSQL) takes over work that must survive.
 */
export type Background = {
  run: (name: string, task: () => Promise<unknown>) => void;
  /** Resolves once nothing is queued or running (tests; graceful shutdown). */
  idle: () => Promise<void>;
};

export const createBackground = (log?: FastifyBaseLogger): Background => {
  const pending = new Set<Promise<void>>();
  return {
    run: (name, task) => {
      // Started a little later, at a random moment: the work then overlaps whichever requests come
      // next, not systematically the one right after (which would make the next answer the tell).
      const running: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 20 + Math.random() * 60))
        .then(task)
        .then(
          () => undefined,
          (err: unknown) => log?.error({ err, task: name }, 'background task failed'),
        )
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    idle: async () => {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
};
