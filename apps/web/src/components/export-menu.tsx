import { Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { type ExportFormat, useDownloadExportMutation } from '../lib/api/exports.api.ts';
import { Button } from './button.tsx';

/**
 * "Export" on a list: CSV or Excel (XLSX) of every row its filters, search and ordering select
 * (the server builds the file; formula-looking cells stay text).
 */
export const ExportMenu = ({
  path,
  params,
  label = 'Export',
  disabled,
  more = [],
}: {
  /** The API path of the export, e.g. `/orders/export/`. */
  path: string;
  params: Record<string, string | number>;
  label?: string;
  disabled?: boolean;
  /** Further exports of the same list (the orders list's lines), each as CSV and Excel under its title. */
  more?: { title: string; path: string }[];
}) => {
  const [download, { isLoading }] = useDownloadExportMutation();
  const get = (format: ExportFormat, from = path) => download({ path: from, params, format });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="standard" leftSection={<IconDownload size={16} />} loading={isLoading} disabled={disabled}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileText size={16} />} onClick={() => get('csv')}>
          CSV
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => get('xlsx')}>
          Excel (XLSX)
        </Menu.Item>
        {more.map((m) => (
          <div key={m.path}>
            <Menu.Divider />
            <Menu.Label>{m.title}</Menu.Label>
            <Menu.Item leftSection={<IconFileText size={16} />} onClick={() => get('csv', m.path)}>
              {`${m.title} (CSV)`}
            </Menu.Item>
            <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => get('xlsx', m.path)}>
              {`${m.title} (Excel)`}
            </Menu.Item>
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};
