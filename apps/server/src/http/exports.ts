import { Readable } from 'node:stream';
import { csvDocument } from '@excursio/contract/csv';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { badRequest } from './app-error.ts';
import { listQuerySchema } from './paging.ts';

/**
 * Exports of the lists: the list's own query (filters, search, ordering; paging ignored) plus
 * `format`. Rows are read page by page through the list's own service call, so an export holds
 * exactly what the list shows with those filters. CSV is streamed a page at a time (memory stays
 * one page however long the file); XLSX is built whole in memory, so it holds fewer rows. Past
 * the format's limit the answer is a 400 asking to narrow the filters, known before the first
 * byte is sent: an export is never silently cut short.
 */
export const EXPORT_MAX_ROWS = { csv: 100_000, xlsx: 10_000 } as const;
const PAGE_ROWS = 500;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportQuerySchema = <F extends z.ZodRawShape>(filters: F) =>
  listQuerySchema({ ...filters, format: z.enum(EXPORT_FORMATS).default('csv') });

export type Window = { limit: number; offset: number; page: number; page_size: number };
export type ListPageOf<T> = (window: Window) => Promise<{ results: T[] }>;

const windowAt = (offset: number, limit: number): Window => ({
  limit,
  offset,
  page: Math.floor(offset / limit) + 1,
  page_size: limit,
});

const tooLarge = (max: number) =>
  badRequest(
    `This export has more than ${max.toLocaleString('en')} rows: narrow the filters (a date range, a status) and export again.`,
    'export_too_large',
  );

/**
 * The list's rows as pages of `PAGE_ROWS`, after checking there are at most `max` of them (one
 * row asked for past the limit: a 400 before anything is written). Offset paging: a row created
 * while a long export runs can shift one row between pages.
 */
export const pagesOf = async <T>(page: ListPageOf<T>, max: number) => {
  const first = await page(windowAt(0, PAGE_ROWS));
  if (first.results.length === PAGE_ROWS && (await page(windowAt(max, 1))).results.length) throw tooLarge(max);
  return (async function* () {
    yield first.results;
    for (let offset = PAGE_ROWS; first.results.length === PAGE_ROWS && offset < max; offset += PAGE_ROWS) {
      const { results } = await page(windowAt(offset, PAGE_ROWS));
      if (results.length) yield results;
      if (results.length < PAGE_ROWS) return;
    }
  })();
};

/** Every row of the list (at most `max`, else the 400), for the writers that need them all at once. */
export const allRows = async <T>(page: ListPageOf<T>, max: number) => {
  const rows: T[] = [];
  for await (const results of await pagesOf(page, max)) rows.push(...results);
  return rows;
};

/**
 * A date or a date and time as a clock on the wall shows it (`2026-12-01` or `2026-12-01 15:30`, in
 * the zone the column names): CSV writes it as it reads, XLSX as a real date cell with that format.
 */
export type WallTime = { wall: string };
export type Cell = string | number | null | WallTime;
export type ExportColumn<T> = { header: string; value: (row: T) => Cell; width?: number };

const wallParts = new Map<string, Intl.DateTimeFormat>();
/** An instant as the wall clock of `timeZone` shows it: date and time (`withTime`), or the date alone. */
export const wallTimeIn = (iso: string | null, timeZone: string, withTime = true): WallTime | null => {
  if (!iso) return null;
  let format = wallParts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallParts.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  const date = `${p.year}-${p.month}-${p.day}`;
  return { wall: withTime ? `${date} ${p.hour}:${p.minute}` : date };
};

const isWall = (value: Cell): value is WallTime => typeof value === 'object' && value !== null;

/** A wall time as an XLSX date cell: the same digits, so the sheet shows what the CSV says. */
const xlsxDate = ({ wall }: WallTime) => {
  const [y, mo, d, h = 0, mi = 0] = wall.split(/[- :]/).map(Number);
  return {
    value: new Date(Date.UTC(y, mo - 1, d, h, mi)),
    type: Date,
    format: wall.length > 10 ? 'yyyy-mm-dd hh:mm' : 'yyyy-mm-dd',
  };
};

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
      row.map((value) =>
        value === null
          ? null
          : typeof value === 'number'
            ? { value, type: Number }
            : isWall(value)
              ? xlsxDate(value)
              : { value, type: String },
      ),
    ),
  ];
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  return writeXlsxFile(data, { sheet: sheet.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) }).toBuffer();
};

type Rows<T> = T[] | ListPageOf<T>;
type ExportOptions<T, R> = {
  format: ExportFormat;
  filename: string;
  sheet: string;
  columns: ExportColumn<R>[];
  rows: Rows<T>;
  /** The file's rows of one listed row (the lines export: an order's lines); by default the row itself. */
  expand?: (row: T) => R[];
};

/**
 * Answers the rows as a download: CSV (UTF-8 with a byte-order mark so spreadsheets read accents;
 * every cell through `csvCell`, which neutralises formulas) or XLSX (one sheet, typed cells).
 * `rows` is the rows themselves or the list's page function (read here within the format's limit).
 * A failure once CSV has started (the database gone mid-file) ends the connection without its
 * last chunk, so the client sees a broken download, never a short file that looks whole.
 */
export const sendExport = async <T, R = T>(reply: FastifyReply, options: ExportOptions<T, R>) => {
  const { format, columns } = options;
  const header = columns.map((c) => c.header);
  const expand = options.expand ?? ((row: T) => [row as unknown as R]);
  const cells = (rows: T[]) => rows.flatMap(expand).map((row) => columns.map((c) => c.value(row)));
  const pages = Array.isArray(options.rows) ? [options.rows] : await pagesOf(options.rows, EXPORT_MAX_ROWS[format]);
  reply.header('content-disposition', `attachment; filename="${options.filename}.${format}"`);
  reply.header('cache-control', 'no-store');
  if (format === 'xlsx') {
    const rows: Cell[][] = [];
    for await (const page of pages) rows.push(...cells(page));
    reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return reply.send(await xlsx(options.sheet, header, rows));
  }
  const csv = (rows: Cell[][]) =>
    rows.length ? csvDocument(rows.map((r) => r.map((v) => (v === null ? '' : isWall(v) ? v.wall : v)))) : '';
  reply.type('text/csv; charset=utf-8');
  return reply.send(
    Readable.from(
      (async function* () {
        yield `\ufeff${csv([header])}`;
        for await (const page of pages) yield csv(cells(page));
      })(),
    ),
  );
};
