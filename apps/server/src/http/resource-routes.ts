import { idParams } from '@excursio/contract/common';
import { type ListQuery as CommonListQuery, paginated } from '@excursio/contract/list';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { type Access, authorized, principalOf, readAccountOf } from './access.ts';
import { listQuerySchema, type Ordering, orderingOf, paginate } from './paging.ts';
import type { Api } from './types.ts';

/** Route config of the catalog: reads need 'View experiences', writes 'Manage experiences'. */
export const viewExperiences = { access: { permissions: ['View experiences'], features: ['experiences'] } } as const;
export const manageExperiences = { access: { permissions: ['Manage experiences'], features: ['experiences'] } } as const;

type Operation = 'list' | 'create' | 'get' | 'replace' | 'update' | 'remove';

/** Paging, search and the resource's own filters, as parsed. */
type ListQuery<F extends z.ZodRawShape> = CommonListQuery & z.output<z.ZodObject<F>>;
/** Route options with the schemas erased from the types (see `resourceRoutes`). */
const options = (config: object, schema: FastifySchema) => ({ config, schema });

/** One catalog resource: its schemas and the service calls behind the six CRUD routes. */
export type Resource<
  Item extends z.ZodType,
  Input extends z.ZodType,
  Patch extends z.ZodType,
  F extends z.ZodRawShape,
  O extends string,
  ListItem extends z.ZodType = Item,
  Put extends z.ZodType = Input,
> = {
  path: string;
  tag: string;
  /** 'meeting point' / 'meeting points': used in the summaries. */
  noun: string;
  nouns: string;
  /** Summaries that differ from the generated 'List …' / 'Create a …' / 'Retrieve a …' etc. */
  summaries?: Partial<Record<Operation, string>>;
  /** Defaults: reads `viewExperiences`, writes `manageExperiences`. */
  access?: { read: { access: Access }; write: { access: Access } };
  item: Item;
  /** The list rows' schema, when it is not `item`. */
  listItem?: ListItem;
  input: Input;
  /** The PUT body, when it is not the POST body `input`. */
  putInput?: Put;
  patchInput: Patch;
  filters: F;
  ordering: { allowed: readonly O[]; fallback: Ordering<O> };
  list: (
    accountId: string,
    query: ListQuery<F> & { ordering: Ordering<O> },
  ) => Promise<{ results: z.output<ListItem>[]; count: number }>;
  get: (accountId: string, id: string) => Promise<z.output<Item>>;
  create: (accountId: string, body: z.output<Input>) => Promise<z.output<Item>>;
  replace: (accountId: string, id: string, body: z.output<Put>) => Promise<z.output<Item>>;
  update: (accountId: string, id: string, body: z.output<Patch>) => Promise<z.output<Item>>;
  remove: (accountId: string, id: string) => Promise<void>;
};

/**
 * Registers the specification's CRUD set on `path` and `path:id/`: by default reads need
 * 'View experiences', writes 'Manage experiences', both the 'experiences' feature.
 */
export const resourceRoutes = <
  Item extends z.ZodType,
  Input extends z.ZodType,
  Patch extends z.ZodType,
  F extends z.ZodRawShape,
  O extends string,
  ListItem extends z.ZodType = Item,
  Put extends z.ZodType = Input,
>(
  app: Api,
  r: Resource<Item, Input, Patch, F, O, ListItem, Put>,
) => {
  // The schemas are generic here, which the zod type provider cannot resolve: the route options are
  // checked at runtime by the same schemas, and `Resource` types what the service calls receive.
  const api = app as unknown as FastifyInstance;
  const tags = [r.tag];
  const one = `${r.path}:id/`;
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const querystring = listQuerySchema(r.filters);
  const { read, write } = r.access ?? { read: viewExperiences, write: manageExperiences };
  const summary = (operation: Operation, fallback: string) => r.summaries?.[operation] ?? fallback;

  // Reads start while the caller's authorization is looked up (see `readAhead`).
  const readRoute = { ...read, readAhead: true };
  api.get(
    r.path,
    options(readRoute, {
      tags,
      summary: summary('list', `List ${r.nouns}`),
      querystring,
      response: { 200: paginated(r.listItem ?? r.item) },
    }),
    async (request) => {
      const query = request.query as ListQuery<F>;
      const ordering = orderingOf(query.ordering, r.ordering.allowed, r.ordering.fallback);
      const { results, count } = await authorized(request, r.list(readAccountOf(request), { ...query, ordering }));
      return paginate(request, query, results, count);
    },
  );

  api.post(
    r.path,
    options(write, { tags, summary: summary('create', `Create a ${r.noun}`), body: r.input, response: { 201: r.item } }),
    async (request, reply) => {
      const created = await r.create(principalOf(request).accountId, request.body as z.output<Input>);
      return reply.status(201).send(created);
    },
  );

  api.get(
    one,
    options(readRoute, { tags, summary: summary('get', `Retrieve a ${r.noun}`), params: idParams, response: { 200: r.item } }),
    async (request) => authorized(request, r.get(readAccountOf(request), idOf(request))),
  );

  api.put(
    one,
    options(write, {
      tags,
      summary: summary('replace', `Replace a ${r.noun}`),
      params: idParams,
      body: r.putInput ?? r.input,
      response: { 200: r.item },
    }),
    async (request) => r.replace(principalOf(request).accountId, idOf(request), request.body as z.output<Put>),
  );

  api.patch(
    one,
    options(write, {
      tags,
      summary: summary('update', `Update a ${r.noun}`),
      params: idParams,
      body: r.patchInput,
      response: { 200: r.item },
    }),
    async (request) => r.update(principalOf(request).accountId, idOf(request), request.body as z.output<Patch>),
  );

  api.delete(
    one,
    options(write, { tags, summary: summary('remove', `Delete a ${r.noun}`), params: idParams, response: { 204: z.null() } }),
    async (request, reply) => {
      await r.remove(principalOf(request).accountId, idOf(request));
      return reply.status(204).send(null);
    },
  );
};
