/**
 * One CSV cell: quoted, quotes doubled, and a value a spreadsheet would run as a formula (it starts
 * with =, +, -, @, a tab or a carriage return) prefixed with an apostrophe, so it stays text.
 */
export const csvCell = (value: string | number) => {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
};

/** Rows as CSV with CRLF line ends (RFC 4180), every cell through `csvCell`. */
export const csvDocument = (rows: readonly (readonly (string | number)[])[]) =>
  `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
