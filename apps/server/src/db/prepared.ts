import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

const byDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * A hot query built once per database and shape, then run as a named prepared statement: drizzle
 * does not rebuild its SQL on every request (that was ~20 % of a list request's CPU) and PostgreSQL
 * parses it once per connection and may reuse its plan. `build` must give the same SQL for the
 * same `key` (values go in through `sql.placeholder`), and prepares with `.prepare(statementName(key))`.
 * Only on the database itself, never inside a transaction.
 */
export const prepared = <Q>(db: Db, key: string, build: (name: string) => Q): Q => {
  let queries = byDatabase.get(db);
  if (!queries) {
    queries = new Map();
    byDatabase.set(db, queries);
  }
  if (!queries.has(key)) queries.set(key, build(statementName(key)));
  return queries.get(key) as Q;
};

/** A PostgreSQL statement name for a key (identifiers are limited to 63 bytes). */
export const statementName = (key: string) => key.replace(/[^a-z0-9_]/gi, '_').slice(0, 63);

/**
 * A LIMIT written into a prepared statement's text rather than passed as a parameter. PostgreSQL
 * switches a prepared statement to a generic plan after a few runs; with `limit $n` that plan
 * assumes hundreds of rows and hash-joins the whole table (measured: 3.3 ms instead of 1.3 ms for
 * the offers page). Page sizes are a handful of allowed values, so each gets its own statement:
 * put the value in the `prepared` key too.
 */
export const literalLimit = (limit: number) => {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a limit: ${limit}`);
  // drizzle renders an SQL object given to `.limit()` as it is; its types only admit numbers.
  return sql.raw(String(limit)) as unknown as number;
};

/**
 * The page window of a prepared list statement: the LIMIT written into the text (`literalLimit`)
 * and the OFFSET a parameter — except on the first page, which gets a statement of its own without
 * one. `key` tells the statements apart: put it in the `prepared` key; pass `values.offset` with the
 * other values.
 *
 * Why: PostgreSQL plans a prepared statement afresh on every run (a custom plan) until the one
 * plan built for unknown parameters (the generic plan) is estimated no dearer than the custom plans
 * have been. A generic plan assumes an OFFSET parameter skips a tenth of the rows, so against the
 * cheap first page it never wins: every first page was planned again (~1 ms of a list query's 2–3,
 * measured on the offers list), as an unprepared query is. Without an OFFSET the generic plan
 * costs what the custom plans cost and is kept after the fifth run. Far pages keep the parameter:
 * there the generic plan's walk down the ordering index wins and is kept, while a custom plan for
 * the actual offset sorts the whole table (measured: 3.6–3.9 ms instead of 6.3–7.7 at page 150).
 */
export const preparedPage = ({ limit, offset }: { limit: number; offset: number }) => {
  const first = offset === 0;
  return {
    key: `${limit}.${first ? 'first' : 'offset'}`,
    limit: literalLimit(limit),
    // drizzle leaves out an OFFSET of 0.
    offset: first ? 0 : sql.placeholder('offset'),
    values: { offset },
  };
};
