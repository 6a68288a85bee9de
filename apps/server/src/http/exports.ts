import { csvDocument } from '@excursio/contract/csv';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { badRequest } from './app-error.ts';
import { listQuerySchema } from './paging.ts';

/**
 * Exports of the lists: the list's own query (filters, search, ordering; paging ignored) plus
 * `format`. Rows are read page by page through the list's own service call, so an export holds
 * exactly what the list shows with those filters; at most EXPORT_MAX_ROWS, else a 400 asking to
 * narrow the filters (an export is never silently cut short).
 */
export const EXPORT_MAX_ROWS = 10_000;
const PAGE_ROWS = 500;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportQuerySchema = <F extends z.ZodRawShape>(filters: F) =>
  listQuerySchema({ ...filters, format: z.enum(EXPORT_FORMATS).default('csv') });

export type Window = { limit: number; offset: number; page: number; page_size: number };

/** Every row of the list, read `PAGE_ROWS` at a time with the list's own call. */
export const allRows = async <T>(page: (window: Window) => Promise<{ results: T[] }>) => {
  const rows: T[] = [];
  for (let n = 1; ; n++) {
    const { results } = await page({ limit: PAGE_ROWS, offset: (n - 1) * PAGE_ROWS, page: n, page_size: PAGE_ROWS });
    rows.push(...results);
    if (rows.length > EXPORT_MAX_ROWS) {
      throw badRequest(
        `This export has more than ${EXPORT_MAX_ROWS.toLocaleString('en')} rows: narrow the filters (a date range, a status) and export again.`,
        'export_too_large',
      );
    }
    if (results.length < PAGE_ROWS) return rows;
  }
};

export type Cell = string | number | null;
export type ExportColumn<T> = { header: string; value: (row: T) => Cell; width?: number };

/** An amount in minor units as the currency writes it (8500 EUR → 85, 1200 JPY → 1200). */
export const amountOf = (minor: number, currency: string) => {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown code: two decimals.
  }
  return minor / 10 ** digits;
};

const xlsx = async (sheet: string, header: string[], rows: Cell[][]) => {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  // Every text cell is typed String: a value starting with = + - @ stays text, never a formula.
  const data = [
    header.map((value) => ({ value, type: String, fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      row.map((value) => (value === null ? null : typeof value === 'number' ? { value, type: Number } : { value, type: String })),
    ),
  ];
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  return writeXlsxFile(data, { sheet: sheet.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) }).toBuffer();
};

/**
 * Answers the rows as a download: CSV (UTF-8 with a byte-order mark so spreadsheets read accents;
 * every cell through `csvCell`, which neutralises formulas) or XLSX (one sheet, typed cells).
 */
export const sendExport = async <T>(
  reply: FastifyReply,
  options: { format: ExportFormat; filename: string; sheet: string; columns: ExportColumn<T>[]; rows: T[] },
) => {
  const header = options.columns.map((c) => c.header);
  const rows = options.rows.map((row) => options.columns.map((c) => c.value(row)));
  const file = `${options.filename}.${options.format}`;
  reply.header('content-disposition', `attachment; filename="${file}"`);
  reply.header('cache-control', 'no-store');
  if (options.format === 'xlsx') {
    reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return reply.send(await xlsx(options.sheet, header, rows));
  }
  reply.type('text/csv; charset=utf-8');
  return reply.send(`\ufeff${csvDocument([header, ...rows.map((r) => r.map((v) => v ?? ''))])}`);
};
