import { errorResponse } from '@excursio/contract/list';
import { productConfiguration, productConfigurationInput } from '@excursio/contract/product-configuration';
import { principalOf } from '../../http/access.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { getConfiguration, saveConfiguration } from './product-configuration.service.ts';

const tags = ['product-configuration'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * Reading: every signed-in member (every screen formats dates and times by it). Changing:
 * 'Manage account' (organization-wide settings, like the organization's profile).
 */
export const productConfigurationRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/product-configuration/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The organization-wide defaults: formats, new offers, holds, references, invoices, customer messages',
        response: { 200: productConfiguration, ...errors },
      },
    },
    async (request) => getConfiguration(ctx.db, principalOf(request).accountId),
  );

  app.put(
    '/api/product-configuration/',
    {
      config: { access: { permissions: ['Manage account'] } },
      schema: {
        tags,
        summary:
          'Replace the organization-wide defaults (every field). Time format, currency and time zone are the ' +
          "organization profile's; the default cancellation policy and meeting point must be the organization's",
        body: productConfigurationInput,
        response: { 200: productConfiguration, ...errors },
      },
    },
    async (request) => saveConfiguration(ctx.db, principalOf(request).accountId, request.body),
  );
};
