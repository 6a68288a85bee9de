import { idParams } from '@excursio/contract/common';
import {
  INVENTORY_GROUP_ORDERING,
  inventoryCategory,
  inventoryCategoryInput,
  inventoryCategoryPatchInput,
  inventoryTag,
  inventoryTagInput,
  inventoryTagPatchInput,
} from '@excursio/contract/inventory';
import { paginated } from '@excursio/contract/list';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { listQuerySchema, orderingOf, paginate } from '../../http/paging.ts';
import type { Api, AppContext } from '../../http/types.ts';
import type { GroupKind } from './inventory-groups.repository.ts';
import { changeGroup, createGroup, getGroup, listGroupsPage, removeGroup } from './inventory-groups.service.ts';

export const manageInventory = {
  access: { permissions: ['Manage inventory'] as const, features: ['inventory'] as const },
};
const tags = ['inventory'];
const byName = { field: 'name', descending: false } as const;

export const inventoryCategoryRoutes = (app: Api, ctx: AppContext) => {
  const kind: GroupKind = 'category';
  const url = '/api/inventory-items-categories/';
  app.get(
    url,
    {
      config: manageInventory,
      schema: {
        tags,
        summary: 'List inventory categories',
        querystring: listQuerySchema(),
        response: { 200: paginated(inventoryCategory) },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, INVENTORY_GROUP_ORDERING, byName);
      const { results, count } = await listGroupsPage(ctx.db, kind, principalOf(request).accountId, { ...query, ordering });
      return paginate(request, query, results, count);
    },
  );
  app.post(
    url,
    {
      config: manageInventory,
      schema: {
        tags,
        summary: 'Create an inventory category',
        body: inventoryCategoryInput,
        response: { 201: inventoryCategory },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createGroup(ctx.db, kind, principalOf(request).accountId, request.body)),
  );
  app.get(
    `${url}:id/`,
    {
      config: manageInventory,
      schema: { tags, summary: 'Retrieve an inventory category', params: idParams, response: { 200: inventoryCategory } },
    },
    async (request) => getGroup(ctx.db, kind, principalOf(request).accountId, request.params.id),
  );
  for (const [method, body, summary] of [
    ['PUT', inventoryCategoryInput, 'Replace an inventory category'],
    ['PATCH', inventoryCategoryPatchInput, 'Update an inventory category'],
  ] as const) {
    app.route({
      method,
      url: `${url}:id/`,
      config: manageInventory,
      schema: { tags, summary, params: idParams, body, response: { 200: inventoryCategory } },
      handler: async (request) => changeGroup(ctx.db, kind, principalOf(request).accountId, request.params.id, request.body),
    });
  }
  app.delete(
    `${url}:id/`,
    {
      config: manageInventory,
      schema: {
        tags,
        summary: 'Delete an inventory category (its items stay, uncategorised)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeGroup(ctx.db, kind, principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export const inventoryTagRoutes = (app: Api, ctx: AppContext) => {
  const kind: GroupKind = 'tag';
  const url = '/api/inventory-tags/';
  app.get(
    url,
    {
      config: manageInventory,
      schema: {
        tags,
        summary: 'List inventory tags',
        querystring: listQuerySchema(),
        response: { 200: paginated(inventoryTag) },
      },
    },
    async (request) => {
      const query = request.query;
      const ordering = orderingOf(query.ordering, INVENTORY_GROUP_ORDERING, byName);
      const { results, count } = await listGroupsPage(ctx.db, kind, principalOf(request).accountId, { ...query, ordering });
      return paginate(request, query, results, count);
    },
  );
  app.post(
    url,
    {
      config: manageInventory,
      schema: { tags, summary: 'Create an inventory tag', body: inventoryTagInput, response: { 201: inventoryTag } },
    },
    async (request, reply) =>
      reply.status(201).send(await createGroup(ctx.db, kind, principalOf(request).accountId, request.body)),
  );
  app.get(
    `${url}:id/`,
    {
      config: manageInventory,
      schema: { tags, summary: 'Retrieve an inventory tag', params: idParams, response: { 200: inventoryTag } },
    },
    async (request) => getGroup(ctx.db, kind, principalOf(request).accountId, request.params.id),
  );
  for (const [method, body, summary] of [
    ['PUT', inventoryTagInput, 'Replace an inventory tag'],
    ['PATCH', inventoryTagPatchInput, 'Update an inventory tag'],
  ] as const) {
    app.route({
      method,
      url: `${url}:id/`,
      config: manageInventory,
      schema: { tags, summary, params: idParams, body, response: { 200: inventoryTag } },
      handler: async (request) => changeGroup(ctx.db, kind, principalOf(request).accountId, request.params.id, request.body),
    });
  }
  app.delete(
    `${url}:id/`,
    {
      config: manageInventory,
      schema: {
        tags,
        summary: 'Delete an inventory tag (it is taken off its items)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeGroup(ctx.db, kind, principalOf(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
