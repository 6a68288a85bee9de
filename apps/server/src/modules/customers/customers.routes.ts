import {
  CUSTOMER_ORDERING,
  customer,
  customerInput,
  customerListFilters,
  customerMergeInput,
  customerPatchInput,
} from '@excursio/contract/customers';
import { errorResponse } from '@excursio/contract/list';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { pageWindow } from '../../http/paging.ts';
import { resourceRoutes } from '../../http/resource-routes.ts';
import type { Api, AppContext } from '../../http/types.ts';
import {
  changeCustomer,
  createCustomer,
  getCustomer,
  listCustomersPage,
  mergeCustomers,
  removeCustomer,
} from './customers.service.ts';

const manageCustomers = { access: { permissions: ['Manage customers'], features: ['customers'] } } as const;

export const customerRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;
  resourceRoutes(app, {
    path: '/api/customers/',
    tag: 'customers',
    noun: 'customer',
    nouns: 'customers',
    access: { read: manageCustomers, write: manageCustomers },
    item: customer,
    input: customerInput,
    putInput: customerInput,
    patchInput: customerPatchInput,
    filters: customerListFilters,
    ordering: { allowed: CUSTOMER_ORDERING, fallback: { field: 'last_name', descending: false } },
    list: (accountId, query) => listCustomersPage(db, accountId, { ...query, ...pageWindow(query) }),
    get: (accountId, id) => getCustomer(db, accountId, id),
    create: (accountId, body) => createCustomer(db, accountId, body, ctx.clock()),
    replace: (accountId, id, body) => changeCustomer(db, accountId, id, body, ctx.clock()),
    update: (accountId, id, body) => changeCustomer(db, accountId, id, body, ctx.clock()),
    remove: (accountId, id) => removeCustomer(db, accountId, id),
  });

  app.post(
    '/api/customers/:id/merge/',
    {
      config: manageCustomers,
      schema: {
        tags: ['customers'],
        summary:
          'Merge a duplicate into this customer: empty fields filled from it, its notes appended, its orders moved, the duplicate deleted',
        params: z.strictObject({ id: z.uuid() }),
        body: customerMergeInput,
        response: { 200: customer, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => mergeCustomers(db, principalOf(request).accountId, request.params.id, request.body.other_id),
  );
};
