/**
 * pdfkit and its font and compression libraries, loaded on the first document rather than at every
 * start (~50 ms of module loading, and their memory, for a server that may never render a PDF).
 */
let loading: Promise<typeof import('pdfkit')> | undefined;
export const loadPdfKit = () => {
  loading ??= import('pdfkit').then((module) => module.default);
  return loading;
};
