import { sample } from 'openapi-sampler';
import { v7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { createExperience } from '../test/catalog-factories.ts';
import { useAccount } from '../test/factories.ts';

// Generated from the OpenAPI document: every operation that takes a JSON body or query parameters
// gets a valid input and mutated ones (wrong types, huge strings, NUL, unicode, prototype keys,
// negative and huge numbers). Any 5xx, or a 4xx outside the error shape, fails. A new route is
// covered without touching this file.

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; anyOf?: Schema[]; enum?: unknown[] };
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Failure = string;

const t = useTestApp();
const a = useAccount(t);
let doc: { paths: Record<string, Record<string, Operation>> };
let offerId: string;

beforeAll(async () => {
  doc = (await t.app.inject({ url: '/schema/' })).json();
  offerId = (await createExperience(t, a)).id;
});

const HUGE = 'x'.repeat(100_000);
const UNICODE = 'Zürich 🚀 ☃ \u202eevil\u202c é \ud800 \u0301';
const typeOf = (schema: Schema | undefined): string => {
  if (!schema) return 'unknown';
  if (schema.anyOf) return typeOf(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  return type ?? (schema.enum ? typeof schema.enum[0] : 'unknown');
};
const wrongType = (schema: Schema | undefined): unknown =>
  ({ string: 12345, integer: 'abc', number: 'abc', boolean: 'yes', array: { a: 1 }, object: [1, 2] })[typeOf(schema)] ?? [];

/** Values that replace one field at a time. */
const fieldMutations = (schema: Schema | undefined): [string, unknown][] => {
  const type = typeOf(schema);
  const out: [string, unknown][] = [
    ['wrong type', wrongType(schema)],
    ['null', null],
    ['prototype object', JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')],
  ];
  if (type === 'string' || type === 'unknown') out.push(['huge', HUGE], ['NUL', 'a\u0000b'], ['unicode', UNICODE], ['empty', '']);
  if (type === 'integer' || type === 'number')
    out.push(['negative', -1], ['huge number', 1e308], ['unsafe integer', 2 ** 53 + 1], ['fraction', 0.5]);
  if (type === 'array') out.push(['array of junk', [null, 'a\u0000', HUGE.slice(0, 5000), -1, {}]]);
  return out;
};

const queryMutations = (schema: Schema | undefined): [string, string][] => {
  const out: [string, string][] = [
    ['wrong', 'zzz-not-valid'],
    ['NUL', 'a%00b'],
    ['unicode', encodeURIComponent('🚀 ☃ é')],
    ['invalid UTF-8', '%ED%A0%80'],
    ['long', 'q'.repeat(3000)],
    ['negative', '-1'],
    ['huge number', '1e308'],
    ['empty', ''],
  ];
  if (typeOf(schema) === 'array') out.push(['repeated', 'a&x=b']);
  return out;
};

const expectShape = (failures: Failure[], label: string, status: number, body: string) => {
  if (status >= 500) return void failures.push(`${label} → ${status} ${body.slice(0, 200)}`);
  if (status < 400) return;
  try {
    const parsed = JSON.parse(body);
    const ok =
      Object.keys(parsed).sort().join() === 'errors,type' &&
      ['validation_error', 'client_error', 'server_error'].includes(parsed.type) &&
      Array.isArray(parsed.errors) &&
      parsed.errors.length > 0 &&
      parsed.errors.every(
        (e: Record<string, unknown>) =>
          Object.keys(e).sort().join() === 'attr,code,detail' && typeof e.code === 'string' && typeof e.detail === 'string',
      );
    if (!ok) failures.push(`${label} → ${status} outside the error shape: ${body.slice(0, 200)}`);
  } catch {
    failures.push(`${label} → ${status} not JSON: ${body.slice(0, 200)}`);
  }
};

const fillPath = (path: string) =>
  path.replace(/\{([^}]+)\}/g, (_m, name: string) => (path.startsWith('/api/experiences/') && name === 'id' ? offerId : v7()));

describe('OpenAPI-generated fuzz: no 5xx, every refusal in the error shape', () => {
  it('covers every operation with a JSON body or query parameters', async () => {
    const failures: Failure[] = [];
    let operations = 0;
    let requests = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const jsonBody = op.requestBody?.content?.['application/json']?.schema;
        const query = (op.parameters ?? []).filter((p) => p.in === 'query');
        if (!jsonBody && !query.length) continue;
        operations++;
        const url = fillPath(path);
        const send = async (label: string, target: string, payload?: string) => {
          requests++;
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: target,
            headers: { ...a.owner.headers, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
            ...(payload !== undefined ? { payload } : {}),
          });
          expectShape(failures, `${method.toUpperCase()} ${path} ${label}`, res.statusCode, res.body);
        };

        if (jsonBody) {
          const valid = sample(jsonBody as object, { skipReadOnly: true }, doc) as Record<string, unknown>;
          await send('valid body', url, JSON.stringify(valid));
          for (const [label, payload] of [
            ['array body', '[]'],
            ['string body', '"text"'],
            ['null body', 'null'],
            ['empty object', '{}'],
            ['proto key', JSON.stringify(valid).replace(/^\{/, '{"__proto__":{"polluted":true},')],
            ['constructor key', JSON.stringify(valid).replace(/^\{/, '{"constructor":{"prototype":{"polluted":true}},')],
          ] as const) {
            await send(label, url, payload);
          }
          const fields = Object.entries(jsonBody.properties ?? {}).slice(0, 15);
          for (const [field, schema] of fields) {
            for (const [label, value] of fieldMutations(schema)) {
              await send(`${field}: ${label}`, url, JSON.stringify({ ...valid, [field]: value }));
            }
          }
        }
        for (const param of query) {
          for (const [label, value] of queryMutations(param.schema)) {
            await send(`?${param.name}: ${label}`, `${url}?${param.name}=${value}`);
          }
        }
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(operations).toBeGreaterThan(60);
    expect(requests).toBeGreaterThan(1500);
    expect(failures).toEqual([]);
  }, 240_000);

  it('every write operation: a body nested past the depth limit is 400 too_deep; an empty JSON body is {} (never "empty")', async () => {
    const failures: Failure[] = [];
    let operations = 0;
    const deep = `${'{"a":['.repeat(2500)}1${']}'.repeat(2500)}`;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        operations++;
        const url = fillPath(path);
        for (const [label, payload] of [
          ['deep body', deep],
          ['empty body', ''],
        ] as const) {
          const res = await t.app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            headers: { ...a.owner.headers, 'content-type': 'application/json' },
            payload,
          });
          const where = `${method.toUpperCase()} ${path} ${label}`;
          expectShape(failures, where, res.statusCode, res.body);
          if (
            label === 'deep body' &&
            path.startsWith('/api/') &&
            !path.includes('/upload') &&
            !path.includes('/stripe/webhook')
          ) {
            const code = res.statusCode === 400 ? res.json().errors[0].code : null;
            if (code !== 'too_deep') failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
          if (label === 'empty body' && res.body.includes('The JSON body is empty')) failures.push(`${where} → ${res.body}`);
        }
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 240_000);
});
