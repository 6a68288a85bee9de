import type { AppContext } from '../../http/types.ts';
import { expireGracePeriods } from './subscription-sync.service.ts';

/**
 * Runs the grace sweep (`expireGracePeriods`) every `everyMs` on an unref'd timer, so a past-due
 * organization loses its paid features once its grace period is over even when no event comes.
 * Returns the stop, which waits for a sweep under way.
 */
export const startGraceSweep = (
  ctx: Pick<AppContext, 'db' | 'clock'>,
  log: { info: (data: object, message: string) => void; error: (data: object, message: string) => void },
  everyMs = 10 * 60_000,
) => {
  let running: Promise<void> | null = null;
  const sweep = () => {
    if (running) return;
    running = expireGracePeriods(ctx.db, ctx.clock())
      .then((changed) => {
        if (changed.length) log.info({ accounts: changed }, 'grace periods ended: free plan applied');
      })
      .catch((err: unknown) => log.error({ err }, 'grace sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
};
