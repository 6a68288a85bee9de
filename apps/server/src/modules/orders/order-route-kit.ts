import { errorResponse } from '@excursio/contract/list';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import type { AppContext } from '../../http/types.ts';

/** What the orders module's route files share: their tag, access, error answers and path parameters. */
export const tags = ['orders'];
export const manageOrders = { access: { permissions: ['Manage orders'], features: ['orders'] } } as const;
export const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
export const orderParams = z.strictObject({ id: z.uuid() });
export const lineParams = z.strictObject({ orderPk: z.uuid(), id: z.uuid() });
export const paymentsParams = z.strictObject({ orderPk: z.uuid() });

/** A cancellation's refund goes back through the card provider (Stripe when configured), recorded as this member's. */
export const cancelerOf = (ctx: AppContext) => (request: Parameters<typeof principalOf>[0]) => {
  const principal = principalOf(request);
  return { stripe: ctx.stripe, userId: principal.kind === 'user' ? principal.userId : null };
};
