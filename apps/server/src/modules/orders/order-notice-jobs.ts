import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../http/types.ts';
import type { JobData, JobQueue } from '../../jobs/queue.ts';
import {
  createOrderNoticeSender,
  ORDER_NOTICES_JOB,
  ORDER_NOTICES_SWEEP_JOB,
  queueStaleNotices,
} from './order-notices.service.ts';

/**
 * The buyer's mails of an order, on the job queue: `order-notices-send` ({accountId, orderId}) sends the
 * order's waiting notices in order, each once (`createOrderNoticeSender`); a failure fails the job, which the
 * queue retries. `order-notices-sweep` (periodic) queues the job again for notices left waiting
 * (a crash between the notice's insert and its job). The same handlers under pg-boss and in process.
 */
export const registerOrderNoticeJobs = (
  queue: JobQueue,
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'clock'>,
  log?: Pick<FastifyBaseLogger, 'error'>,
) => {
  const send = createOrderNoticeSender(ctx, log);
  queue.register({
    name: ORDER_NOTICES_JOB,
    immediate: true,
    handler: async (data: JobData) => void (await send(String(data.accountId), String(data.orderId))),
  });
  queue.register({
    name: ORDER_NOTICES_SWEEP_JOB,
    periodic: true,
    handler: async () => void (await queueStaleNotices(ctx, queue)),
  });
};
