import { cart, cartLine, cartLineInput, cartLineParams, cartLinePatch, cartParams, cartPatch } from '@excursio/contract/cart';
import { errorResponse } from '@excursio/contract/list';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userPrincipalOf } from '../../http/access.ts';
import type { Api, AppContext } from '../../http/types.ts';
import {
  addCartLine,
  cartById,
  changeCartLine,
  currentCart,
  emptyCart,
  getCartLine,
  listCartLines,
  removeCartLine,
  setCartCustomer,
  startCart,
} from './cart.service.ts';

const tags = ['cart'];
const manageCart = { access: { permissions: ['Manage cart'], features: ['orders'] } } as const;
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

const who = (request: FastifyRequest) => {
  // The cart is a person's (one per user and organization): an API key has none.
  const principal = userPrincipalOf(request);
  return { accountId: principal.accountId, userId: principal.userId };
};

export const cartRoutes = (app: Api, ctx: AppContext) => {
  const { db } = ctx;

  app.get(
    '/api/cart/',
    {
      config: manageCart,
      schema: {
        tags,
        summary:
          "The signed-in user's cart, its lines and total (an empty one is answered, not stored: it is stored on the first write)",
        response: { 200: cart, ...errors },
      },
    },
    async (request) => currentCart(db, who(request), ctx.clock()),
  );

  app.post(
    '/api/cart/',
    {
      config: manageCart,
      schema: {
        tags,
        summary: "The signed-in user's cart: the same one on every call",
        body: z.strictObject({}).nullish(),
        response: { 200: cart, ...errors },
      },
    },
    async (request) => startCart(db, who(request), ctx.clock()),
  );

  app.get(
    '/api/cart/:cartPk/',
    {
      config: manageCart,
      schema: { tags, summary: 'A cart (only your own)', params: cartParams, response: { 200: cart, ...errors } },
    },
    async (request) => cartById(db, who(request), request.params.cartPk, ctx.clock()),
  );

  app.patch(
    '/api/cart/:cartPk/',
    {
      config: manageCart,
      schema: {
        tags,
        summary: 'Choose the customer the cart is for',
        params: cartParams,
        body: cartPatch,
        response: { 200: cart, ...errors },
      },
    },
    async (request) => setCartCustomer(db, who(request), request.params.cartPk, request.body.customer_id, ctx.clock()),
  );

  app.delete(
    '/api/cart/:cartPk/',
    {
      config: manageCart,
      schema: {
        tags,
        summary: 'Empty the cart: every held place comes back',
        params: cartParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await emptyCart(db, who(request), request.params.cartPk, ctx.clock());
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/cart/:cartPk/lines/',
    {
      config: manageCart,
      schema: {
        tags,
        summary: "The cart's lines, oldest first",
        params: cartParams,
        response: { 200: z.array(cartLine), ...errors },
      },
    },
    async (request) => listCartLines(db, who(request), request.params.cartPk, ctx.clock()),
  );

  app.post(
    '/api/cart/:cartPk/lines/',
    {
      config: manageCart,
      schema: {
        tags,
        summary:
          'Add a line: an offer, rate, slot and party (with extras and answers); its places are held until the hold expires, ' +
          'prices are computed here',
        params: cartParams,
        body: cartLineInput,
        response: { 201: cartLine, ...errors },
      },
    },
    async (request, reply) => {
      const line = await addCartLine(db, who(request), request.params.cartPk, request.body, ctx.clock());
      reply.code(201);
      return line;
    },
  );

  app.get(
    '/api/cart/:cartPk/lines/:id/',
    {
      config: manageCart,
      schema: { tags, summary: 'One cart line', params: cartLineParams, response: { 200: cartLine, ...errors } },
    },
    async (request) => getCartLine(db, who(request), request.params.cartPk, request.params.id, ctx.clock()),
  );

  app.patch(
    '/api/cart/:cartPk/lines/:id/',
    {
      config: manageCart,
      schema: {
        tags,
        summary:
          'Change a line (slot, rate, party, extras, answers) or renew its expired hold: held anew, its own places not counted against it',
        params: cartLineParams,
        body: cartLinePatch,
        response: { 200: cartLine, ...errors },
      },
    },
    async (request) => changeCartLine(db, who(request), request.params.cartPk, request.params.id, request.body, ctx.clock()),
  );

  app.delete(
    '/api/cart/:cartPk/lines/:id/',
    {
      config: manageCart,
      schema: {
        tags,
        summary: 'Remove a line: its places come back',
        params: cartLineParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeCartLine(db, who(request), request.params.cartPk, request.params.id, ctx.clock());
      return reply.code(204).send(null);
    },
  );
};
