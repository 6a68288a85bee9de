import type { FastifyBaseLogger } from 'fastify';

/**
 * Durable work: the job queue. On PostgreSQL it is pg-boss (its own schema `pgboss` in the same
 * database; jobs survive restarts, each job is fetched by one instance with SKIP LOCKED, cron
 * schedules fire once across instances). PGlite is one in-process connection that pg-boss cannot
 * use: there the in-process runner calls the SAME handlers on a timer. Neither is what makes a
 * customer message go out once: the handlers claim each send with a unique row written in the
 * transaction that sends it (modules/messages), so a duplicate job, a retry or a second instance
 * finds the row and sends nothing.
 */
export type JobData = Record<string, unknown>;
export type JobDefinition = {
  name: string;
  handler: (data: JobData) => Promise<void>;
  /** Run every minute (pg-boss cron; the in-process runner every JOBS_SWEEP_SECONDS). */
  periodic?: boolean;
  /**
   * Started as soon as sent (pg-boss: woken by LISTEN/NOTIFY instead of waiting for the next poll,
   * fetched 5 at a time and run together while the backlog lasts). For work a person waits for (the
   * order's mail); the in-process runner starts every sent job at once anyway.
   */
  immediate?: boolean;
};

export type JobQueue = {
  readonly kind: 'pg-boss' | 'in-process';
  register: (definition: JobDefinition) => void;
  start: () => Promise<void>;
  /** Stops fetching and waits for the jobs under way (graceful shutdown; tests). */
  stop: () => Promise<void>;
  /** Queues a job; `singletonKey` keeps one queued job per key (pg-boss). */
  send: (name: string, data?: JobData, options?: { singletonKey?: string }) => Promise<void>;
  /** Runs a job's handler here and now, and waits for it (tests; the in-process runner's timer). */
  runNow: (name: string, data?: JobData) => Promise<void>;
  /** Resolves once jobs this process queued or runs are done (in-process: everything queued). */
  idle: () => Promise<void>;
  /** Jobs queued or running, on every instance for pg-boss (tests wait for the queue to drain). */
  pending: () => Promise<number>;
};

type Log = Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;

const registry = () => {
  const definitions = new Map<string, JobDefinition>();
  return {
    definitions,
    register: (definition: JobDefinition) => void definitions.set(definition.name, definition),
    handlerOf: (name: string) => {
      const found = definitions.get(name);
      if (!found) throw new Error(`No job named ${name}`);
      return found.handler;
    },
  };
};

/** How many times a failed job is tried again (both runners). */
export const RETRY_LIMIT = 3;

/**
 * Runs jobs in this process: `send` starts the handler after the caller's turn, and a sent job that
 * fails is tried again `retryMs` later, up to RETRY_LIMIT times (as pg-boss does); periodic jobs on a timer.
 */
export const createInProcessQueue = (options: { everyMs: number; retryMs?: number; log?: Log }): JobQueue => {
  const { definitions, register, handlerOf } = registry();
  const pending = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  /** Wakes each retry waiting for its delay (stop). */
  const waiting = new Set<() => void>();
  const track = (name: string, work: () => Promise<void>) => {
    const running: Promise<void> = Promise.resolve()
      .then(work)
      .catch((err: unknown) => options.log?.error({ err, job: name }, 'job failed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  };
  const idle = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  return {
    kind: 'in-process',
    register,
    start: async () => {
      stopped = false;
      timer = setInterval(() => {
        for (const d of definitions.values()) if (d.periodic) track(d.name, () => d.handler({}));
      }, options.everyMs);
      timer.unref();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      // Retries waiting for their turn give up now (the work's own sweep picks it up after a restart).
      for (const wake of waiting) wake();
      await idle();
    },
    send: async (name, data = {}) => {
      if (stopped) return;
      const handler = handlerOf(name);
      const attempt = async (retriesLeft: number): Promise<void> => {
        try {
          await handler(data);
        } catch (err) {
          if (retriesLeft <= 0 || stopped) throw err;
          options.log?.warn({ err, job: name }, 'job failed, retrying');
          await new Promise<void>((resolve) => {
            const wake = () => {
              waiting.delete(wake);
              clearTimeout(timeout);
              resolve();
            };
            const timeout = setTimeout(wake, options.retryMs ?? 30_000);
            waiting.add(wake);
          });
          if (stopped) throw err;
          return attempt(retriesLeft - 1);
        }
      };
      track(name, () => attempt(RETRY_LIMIT));
    },
    runNow: async (name, data = {}) => handlerOf(name)(data),
    idle,
    pending: async () => pending.size,
  };
};

/**
 * pg-boss on PostgreSQL. Each queue retries a failed job 3 times (JOBS_RETRY_SECONDS apart); periodic jobs are
 * cron-scheduled every minute (one job per minute whatever the number of instances).
 */
export const createPgBossQueue = (options: {
  connectionString: string;
  log?: Log;
  pollingSeconds?: number;
  retrySeconds?: number;
  /** pg-boss's schema (default `pgboss`). */
  schema?: string;
}): JobQueue => {
  const schema = options.schema ?? 'pgboss';
  const { definitions, register, handlerOf } = registry();
  const local = new Set<Promise<void>>();
  // pg-boss is loaded on start only: PGlite servers and most tests never need it.
  let boss: import('pg-boss').PgBoss | null = null;
  return {
    kind: 'pg-boss',
    register,
    start: async () => {
      const { PgBoss } = await import('pg-boss');
      const immediate = [...definitions.values()].some((d) => d.immediate);
      const instance = new PgBoss({
        connectionString: options.connectionString,
        schema,
        max: 3,
        application_name: 'excursio-jobs',
        // One more connection, listening: an immediate job wakes a worker the moment it is created.
        useListenNotify: immediate,
      });
      instance.on('error', (err: unknown) => options.log?.error({ err }, 'job queue error'));
      await instance.start();
      for (const d of definitions.values()) {
        const settings = {
          retryLimit: RETRY_LIMIT,
          retryDelay: Math.round(options.retrySeconds ?? 30),
          expireInSeconds: 300,
          notify: Boolean(d.immediate),
        };
        // createQueue keeps an existing queue's settings: bring them up to date (a queue made before a change).
        await instance.createQueue(d.name, settings);
        await instance.updateQueue(d.name, settings);
        const polling = options.pollingSeconds ?? 2;
        await instance.work(
          d.name,
          d.immediate
            ? {
                pollingIntervalSeconds: polling,
                notifyPollingIntervalSeconds: polling,
                batchSize: 5,
                burstWhenBatchFull: true,
              }
            : { pollingIntervalSeconds: polling, batchSize: 1 },
          async (jobs: { data: unknown }[]) => {
            // A batch's jobs run together; one failing fails the batch, whose retry finds the others done.
            const runs = jobs.map((job) => {
              const running = d.handler((job.data ?? {}) as JobData);
              local.add(running);
              return running.finally(() => local.delete(running));
            });
            const failed = (await Promise.allSettled(runs)).find((r) => r.status === 'rejected');
            if (failed) throw failed.reason;
          },
        );
        if (d.periodic) await instance.schedule(d.name, '* * * * *');
      }
      boss = instance;
    },
    stop: async () => {
      const instance = boss;
      boss = null;
      if (instance) await instance.stop({ graceful: true, timeout: 10_000, close: true });
    },
    send: async (name, data = {}, sendOptions = {}) => {
      handlerOf(name); // an unknown name is a programming error, here as in-process
      if (!boss) throw new Error('The job queue is not started');
      await boss.send(name, data, sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {});
    },
    runNow: async (name, data = {}) => handlerOf(name)(data),
    idle: async () => {
      while (local.size) await Promise.allSettled([...local]);
    },
    pending: async () => {
      if (!boss) return local.size;
      // Read from the job table itself: pg-boss's queue statistics are refreshed by its monitor only.
      const result = await boss
        .getDb()
        .executeSql(
          `select count(*)::int as n from ${schema}.job where name = any($1) and state in ('created', 'retry', 'active')`,
          [[...definitions.keys()]],
        );
      return Number((result.rows[0] as { n: number } | undefined)?.n ?? 0);
    },
  };
};
