import { idParams } from '@excursio/contract/common';
import {
  INVENTORY_ITEM_ORDERING,
  inventoryItem,
  inventoryItemInput,
  inventoryItemListFilters,
  inventoryItemPatchInput,
} from '@excursio/contract/inventory';
import { paginated } from '@excursio/contract/list';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { manageInventory } from './inventory-groups.routes.ts';
import { changeItem, createItem, getItem, listItemsPage, removeItem } from './inventory-items.service.ts';

const tags = ['inventory'];
const url = '/api/inventory-items/';

export const inventoryItemRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    url,
    {
      config: manageInventory,
      schema: {
        tags,
        summary: 'List inventory items',
        querystring: listQuerySchema(inventoryItemListFilters),
        response: { 200: paginated(inventoryItem) },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, INVENTORY_ITEM_ORDERING, { field: 'name', descending: false });
      const { results, count } = await listItemsPage(ctx.db, principalOf(request).accountId, { ...query, ordering });
      return paginate(request, query, results, count);
    },
  );

  app.post(
    url,
    {
      config: manageInventory,
      schema: {
        tags,
        summary: "Create an inventory item (currency defaults to the organization's)",
        body: inventoryItemInput,
        response: { 201: inventoryItem },
      },
    },
    async (request, reply) => reply.status(201).send(await createItem(ctx.db, principalOf(request).accountId, request.body)),
  );

  app.get(
    `${url}:id/`,
    {
      config: manageInventory,
      schema: { tags, summary: 'Retrieve an inventory item', params: idParams, response: { 200: inventoryItem } },
    },
    async (request) => getItem(ctx.db, principalOf(request).accountId, request.params.id),
  );

  app.put(
    `${url}:id/`,
    {
      config: manageInventory,
      schema: {
        tags,
        summary: 'Replace an inventory item (fields not given take their defaults)',
        params: idParams,
        body: inventoryItemInput,
        response: { 200: inventoryItem },
      },
    },
    async (request) =>
      changeItem(ctx.db, principalOf(request).accountId, request.params.id, { replace: true, input: request.body }),
  );

  app.patch(
    `${url}:id/`,
    {
      config: manageInventory,
      schema: {
        tags,
        summary: 'Update an inventory item (tag_ids, when given, replace the set)',
        params: idParams,
        body: inventoryItemPatchInput,
        response: { 200: inventoryItem },
      },
    },
    async (request) =>
      changeItem(ctx.db, principalOf(request).accountId, request.params.id, { replace: false, input: request.body }),
  );

  app.delete(
    `${url}:id/`,
    {
      config: manageInventory,
      schema: {
        tags,
        summary: 'Delete an inventory item (it is taken off the offers it was attached to)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeItem(ctx.db, principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
