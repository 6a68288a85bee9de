import { z } from 'zod';
import type { Api, AppContext } from '../../http/types.ts';

export const healthRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers',
        response: { 200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      await ctx.database.ping();
      return { status: 'ready' as const, database: ctx.database.driver };
    },
  );
};
