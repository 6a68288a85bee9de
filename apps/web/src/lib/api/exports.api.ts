import { api } from './api.ts';
import { downloadFile } from './download-file.ts';

export type ExportFormat = 'csv' | 'xlsx';

/** A list's export (`/api/<list>/export/`) with the list's own query, saved under the server's name. */
export const exportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadExport: build.mutation<null, { path: string; params: Record<string, string | number>; format: ExportFormat }>({
      queryFn: ({ path, params, format }, _api, _extra, fetchWithBQ) => {
        // Paging is the list's, not the file's: the export holds every row the filters select.
        const { page: _page, page_size: _size, ...query } = params;
        return downloadFile(fetchWithBQ, { url: path, params: { ...query, format } }, `export.${format}`);
      },
    }),
  }),
});

export const { useDownloadExportMutation } = exportsApi;
