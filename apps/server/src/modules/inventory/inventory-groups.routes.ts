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

type GroupSpec = {
  kind: GroupKind;
  url: string;
  /** 'inventory category' / 'inventory tag', and its plural for the list. */
  noun: string;
  plural: string;
  shape: typeof inventoryCategory | typeof inventoryTag;
  input: typeof inventoryCategoryInput | typeof inventoryTagInput;
  patchInput: typeof inventoryCategoryPatchInput | typeof inventoryTagPatchInput;
  /** What deleting does to the items. */
  onDelete: string;
};

/** Categories and tags: the same CRUD over one service, differing only in shapes and wording. */
const groupRoutes = (app: Api, ctx: AppContext, spec: GroupSpec) => {
  const { kind, url, noun, shape } = spec;
  app.get(
    url,
    {
      config: manageInventory,
      schema: {
        tags,
        summary: `List ${spec.plural}`,
        querystring: listQuerySchema(),
        response: { 200: paginated(shape) },
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
      schema: { tags, summary: `Create an ${noun}`, body: spec.input, response: { 201: shape } },
    },
    async (request, reply) =>
      reply.status(201).send(await createGroup(ctx.db, kind, principalOf(request).accountId, request.body)),
  );
  app.get(
    `${url}:id/`,
    {
      config: manageInventory,
      schema: { tags, summary: `Retrieve an ${noun}`, params: idParams, response: { 200: shape } },
    },
    async (request) => getGroup(ctx.db, kind, principalOf(request).accountId, request.params.id),
  );
  for (const [method, body, verb] of [
    ['PUT', spec.input, 'Replace'],
    ['PATCH', spec.patchInput, 'Update'],
  ] as const) {
    app.route({
      method,
      url: `${url}:id/`,
      config: manageInventory,
      schema: { tags, summary: `${verb} an ${noun}`, params: idParams, body, response: { 200: shape } },
      handler: async (request) => changeGroup(ctx.db, kind, principalOf(request).accountId, request.params.id, request.body),
    });
  }
  app.delete(
    `${url}:id/`,
    {
      config: manageInventory,
      schema: {
        tags,
        summary: `Delete an ${noun} (${spec.onDelete})`,
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

export const inventoryCategoryRoutes = (app: Api, ctx: AppContext) =>
  groupRoutes(app, ctx, {
    kind: 'category',
    url: '/api/inventory-items-categories/',
    noun: 'inventory category',
    plural: 'inventory categories',
    shape: inventoryCategory,
    input: inventoryCategoryInput,
    patchInput: inventoryCategoryPatchInput,
    onDelete: 'its items stay, uncategorised',
  });

export const inventoryTagRoutes = (app: Api, ctx: AppContext) =>
  groupRoutes(app, ctx, {
    kind: 'tag',
    url: '/api/inventory-tags/',
    noun: 'inventory tag',
    plural: 'inventory tags',
    shape: inventoryTag,
    input: inventoryTagInput,
    patchInput: inventoryTagPatchInput,
    onDelete: 'it is taken off its items',
  });
