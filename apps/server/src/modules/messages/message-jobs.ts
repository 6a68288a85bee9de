import type { AppContext } from '../../http/types.ts';
import type { JobData, JobQueue } from '../../jobs/queue.ts';
import { dedupeKeyOf, dueMessages, type MessageJob, sendMessage } from './messages.service.ts';

export const SWEEP_JOB = 'messages-sweep';
export const SEND_JOB = 'messages-send';

/**
 * The customer messages' jobs: a sweep every minute queues one send job per due message (one per
 * key while queued), each send job sends its message at most once (`sendMessage`). The same
 * handlers run under pg-boss and under the in-process runner.
 */
export const registerMessageJobs = (
  queue: JobQueue,
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'clock'>,
  log?: { info: (data: object, message: string) => void },
) => {
  queue.register({
    name: SWEEP_JOB,
    periodic: true,
    handler: async () => {
      const due = await dueMessages(ctx.db, ctx.clock());
      for (const job of due) await queue.send(SEND_JOB, job, { singletonKey: dedupeKeyOf(job) });
    },
  });
  queue.register({
    name: SEND_JOB,
    handler: async (data: JobData) => {
      const job = data as MessageJob;
      if (await sendMessage(ctx, job, ctx.clock())) log?.info({ message: dedupeKeyOf(job) }, 'customer message sent');
    },
  });
};
