/**
 * The constraint a unique index refused the write on (SQLSTATE 23505, on either driver), its
 * error message when the driver does not name it, or null for any other error.
 */
export const uniqueViolation = (error: unknown): string | null => {
  const cause = ((error as { cause?: unknown } | null)?.cause ?? error) as {
    code?: string;
    constraint?: string;
    message?: string;
  } | null;
  if (cause?.code !== '23505') return null;
  return cause.constraint ?? cause.message ?? '';
};

/** What a failed database call means for the caller; null for errors that are bugs (→ 500). */
export type DatabaseFailure =
  /** The connection broke or none could be had (restart, failover, reaper, pool exhausted). */
  | 'unavailable'
  /** `statement_timeout` cancelled the statement. */
  | 'timeout'
  /** `lock_timeout`: another transaction held the rows for too long. */
  | 'busy'
  /** Deadlock or serialization failure: safe to run the whole transaction again. */
  | 'retryable'
  /** Text PostgreSQL cannot store (a NUL character). */
  | 'bad_text';

const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection error',
  'Client was closed',
  'timeout exceeded when trying to connect',
  'Connection refused',
  'terminating connection',
];
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P02', '57P03']);

/** Reads SQLSTATE / socket codes through drizzle's wrapper (`DrizzleQueryError.cause`). */
export const databaseFailure = (error: unknown): DatabaseFailure | null => {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0; e && depth < 4; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_CODES.has(code) || code.startsWith('08')) return 'unavailable';
    if (code === '57014') return 'timeout';
    if (code === '55P03') return 'busy';
    if (code === '40P01' || code === '40001') return 'retryable';
    if (code === '22021' || code === '22P05') return 'bad_text';
    const message = typeof e.message === 'string' ? e.message : '';
    if (!code && CONNECTION_MESSAGES.some((m) => message.includes(m))) return 'unavailable';
    e = e.cause as typeof e;
  }
  return null;
};
