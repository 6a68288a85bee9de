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
