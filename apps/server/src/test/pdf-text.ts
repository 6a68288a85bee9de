/**
 * The text an uncompressed PDF shows: pdfkit writes each run as a `[<hex> kerning <hex> …] TJ`
 * array of WinAnsi codes (0x80 is €). One line per run.
 */
export const pdfText = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)]
    .map(([, run]) =>
      [...run.matchAll(/<([0-9a-f]*)>/g)]
        .map(([, hex]) => Buffer.from(hex, 'hex').toString('latin1').replaceAll('\x80', '€'))
        .join(''),
    )
    .join('\n');
