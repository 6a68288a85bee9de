import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MAX_ROWS, type ExportFormat, sendExport, type Window } from './exports.ts';

// The writer over a real socket: CSV arrives in pieces read a page at a time, the limits refuse
// before the first byte, and a failure mid-file breaks the download instead of ending it short.
let server: FastifyInstance;
let base: string;
const asked: Window[] = [];

/** A list of `total` numbered rows; reading past `failAt` fails like a lost database. */
const listOf =
  (total: number, failAt = Number.POSITIVE_INFINITY) =>
  async (window: Window) => {
    asked.push(window);
    if (window.offset >= failAt && window.offset < total) throw new Error('connection terminated');
    const end = Math.min(total, window.offset + window.limit);
    return { results: Array.from({ length: Math.max(0, end - window.offset) }, (_, i) => window.offset + i + 1) };
  };

beforeAll(async () => {
  server = Fastify();
  server.get<{ Params: { total: string }; Querystring: { format?: ExportFormat; fail?: string } }>(
    '/rows/:total',
    (request, reply) =>
      sendExport(reply, {
        format: request.query.format ?? 'csv',
        filename: 'rows',
        sheet: 'Rows',
        columns: [
          { header: 'Number', value: (n: number) => n },
          { header: 'Label', value: (n: number) => (n === 1 ? '=1+1' : `row ${n}`) },
        ],
        rows: listOf(Number(request.params.total), request.query.fail ? Number(request.query.fail) : undefined),
      }),
  );
  base = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

const lines = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');

describe('exports writer', () => {
  it('streams every row of a long list as CSV, a page of at most 500 rows at a time', async () => {
    asked.length = 0;
    const res = await fetch(`${base}/rows/1234`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="rows.csv"');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = bytes.toString('utf8');
    expect(body.startsWith('\ufeff"Number","Label"\r\n"1","\'=1+1"\r\n"2","row 2"\r\n')).toBe(true);
    const rows = lines(body);
    expect(rows).toHaveLength(1235);
    expect(rows.at(-1)).toBe('"1234","row 1234"');
    expect(Math.max(...asked.map((w) => w.limit))).toBe(500);
  });

  it('a list with no rows is the header alone; a short list is one page', async () => {
    expect(lines(await (await fetch(`${base}/rows/0`)).text())).toEqual(['"Number","Label"']);
    asked.length = 0;
    expect(lines(await (await fetch(`${base}/rows/3`)).text())).toHaveLength(4);
    expect(asked).toHaveLength(1);
  });

  it('takes up to the format’s limit and refuses one row more before writing anything', async () => {
    const csvMax = EXPORT_MAX_ROWS.csv;
    expect(lines(await (await fetch(`${base}/rows/${csvMax}`)).text())).toHaveLength(csvMax + 1);
    const over = await fetch(`${base}/rows/${csvMax + 1}`);
    expect(over.status).toBe(400);
    expect(over.headers.get('content-disposition')).toBeNull();
    expect((await over.json()).message).toContain(`more than ${csvMax.toLocaleString('en')} rows`);

    const xlsxMax = EXPORT_MAX_ROWS.xlsx;
    const sheet = await fetch(`${base}/rows/${xlsxMax}?format=xlsx`);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await sheet.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    const sheetOver = await fetch(`${base}/rows/${xlsxMax + 1}?format=xlsx`);
    expect(sheetOver.status).toBe(400);
    expect((await sheetOver.json()).message).toContain('more than 10,000 rows');
  });

  it('a failure after the first page breaks the download (never a short file that looks whole); the server stays up', async () => {
    const res = await fetch(`${base}/rows/3000?fail=1500`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    const after = await fetch(`${base}/rows/2`);
    expect(lines(await after.text())).toHaveLength(3);
  });
});
