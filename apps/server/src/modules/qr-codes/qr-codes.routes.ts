import { idParams } from '@excursio/contract/common';
import { errorResponse } from '@excursio/contract/list';
import {
  QR_CODE_ORDERING,
  qrCode,
  qrCodeImageQuery,
  qrCodeInput,
  qrCodeListFilters,
  qrCodePatchInput,
  qrCodeScansQuery,
  qrCodeScans as qrCodeScansShape,
} from '@excursio/contract/qr-codes';
import { slugOf } from '@excursio/contract/stores';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { pageWindow } from '../../http/paging.ts';
import { resourceRoutes } from '../../http/resource-routes.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { qrPng, qrSvg } from '../tickets/qr-render.ts';
import { changeQrCode, createQrCode, getQrCode, listQrCodesPage, qrCodeScans, removeQrCode } from './qr-codes.service.ts';

/** QR codes are a sales tool: 'Manage stores' on a plan with QR codes. */
export const manageQrCodes = { access: { permissions: ['Manage stores'], features: ['qr_codes'] } } as const;
const tags = ['qr codes'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const qrCodeRoutes = (app: Api, ctx: AppContext) => {
  resourceRoutes(app, {
    path: '/api/qr-codes/',
    tag: 'qr codes',
    noun: 'QR code',
    nouns: 'QR codes',
    summaries: {
      list: 'List QR codes: store links, offer links and booking tickets (filter `type`; search name, code, store, offer)',
      create: 'Create a store link or an offer link (tickets are issued with their bookings)',
      update: 'Re-point or rename a link (the printed code keeps its address); a ticket is refused (409 `ticket_fixed`)',
      replace: 'Replace a link (the printed code keeps its address); a ticket is refused (409 `ticket_fixed`)',
      remove: 'Delete a link (its address stops working); a ticket is refused (409 `ticket_fixed`)',
    },
    access: { read: manageQrCodes, write: manageQrCodes },
    item: qrCode,
    input: qrCodeInput,
    patchInput: qrCodePatchInput,
    filters: qrCodeListFilters,
    ordering: { allowed: QR_CODE_ORDERING, fallback: { field: 'created_at', descending: true } },
    list: (accountId, query) => listQrCodesPage(ctx, accountId, { ...query, ...pageWindow(query) }),
    get: (accountId, id) => getQrCode(ctx, accountId, id),
    create: (accountId, body) => createQrCode(ctx, accountId, body),
    replace: (accountId, id, body) => changeQrCode(ctx, accountId, id, body),
    update: (accountId, id, body) => changeQrCode(ctx, accountId, id, body),
    remove: (accountId, id) => removeQrCode(ctx.db, accountId, id),
  });

  app.get(
    '/api/qr-codes/:id/scans/',
    {
      config: manageQrCodes,
      schema: {
        tags,
        summary:
          "Scans of a link per day in the organization's time zone (`from`/`to`, default the last 30 days), zero days included, and the total",
        params: idParams,
        querystring: qrCodeScansQuery,
        response: { 200: qrCodeScansShape, ...errors },
      },
    },
    async (request) => qrCodeScans(ctx.db, principalOf(request).accountId, request.params.id, request.query, ctx.clock()),
  );

  app.get(
    '/api/qr-codes/:id/image/',
    {
      config: manageQrCodes,
      schema: {
        tags,
        summary: 'The QR code as a file to print: PNG (`size` pixels, default 1200 ≈ 10 cm at 300 dpi) or SVG (vector)',
        params: idParams,
        querystring: qrCodeImageQuery,
        response: { 200: z.any().describe('image/png or image/svg+xml'), ...errors },
      },
    },
    async (request, reply) => {
      const code = await getQrCode(ctx, principalOf(request).accountId, request.params.id);
      const correction = code.type === 'ticket' ? 'M' : 'Q';
      const { format, size } = request.query;
      const stem = `qr-${slugOf(code.name).slice(0, 40) || code.code.toLowerCase()}`;
      reply
        .header('content-disposition', `attachment; filename="${stem}.${format}"`)
        .header('cache-control', 'private, no-store');
      if (format === 'svg') return reply.type('image/svg+xml').send(await qrSvg(code.content, correction));
      return reply.type('image/png').send(await qrPng(code.content, size, correction));
    },
  );
};
