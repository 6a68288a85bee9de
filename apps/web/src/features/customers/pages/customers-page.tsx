import { CUSTOMER_ORDERING, type Customer } from '@excursio/contract/customers';
import { Anchor, Drawer, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsJoin, IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Button, IconButton } from '../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog.tsx';
import { countryName } from '../../../components/country-select.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import { useDeleteCustomerMutation, useListCustomersQuery } from '../../../lib/api/customers.api.ts';
import { customerName } from '../../../lib/format/customer-name.ts';
import { formatDisplayDate, formatMoney } from '../../../lib/format/format.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { CustomerFormModal } from '../components/customer-form-modal.tsx';
import { CustomerOrders } from '../components/customer-orders.tsx';
import { MergeModal } from '../components/merge-modal.tsx';

const spentText = (c: Customer) => (c.spent.length ? c.spent.map((s) => formatMoney(s.total, s.currency)).join(' + ') : '—');

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {children}
    </Text>
  </Stack>
);

/** `/customers/list`: the people the organization sells to, with their orders, merge and details. */
export const CustomersPage = () => {
  const list = useListParams({ ordering: CUSTOMER_ORDERING });
  const { data, isFetching, error } = useListCustomersQuery(list.apiQuery, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  const [editing, setEditing] = useState<Customer | null | undefined>(undefined);
  const [merging, setMerging] = useState<Customer | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = data?.results.find((c) => c.id === openId) ?? null;
  const [remove] = useDeleteCustomerMutation();
  const deletion = useConfirmDelete<Customer>(remove);

  const actions = (c: Customer) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <IconButton label={`Actions for ${customerName(c)}`}>
          <IconDots size={18} />
        </IconButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={15} />} onClick={() => setEditing(c)}>
          Edit
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowsJoin size={15} />} onClick={() => setMerging(c)}>
          Merge a duplicate…
        </Menu.Item>
        <Menu.Item leftSection={<IconTrash size={15} />} color="red" onClick={() => deletion.ask(c)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  const columns: Column<Customer>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'last_name',
      render: (c) => (
        <UnstyledButton onClick={() => setOpenId(c.id)} aria-label={`Open ${customerName(c)}`}>
          <Text size="sm" fw={600} c="var(--mantine-primary-color-filled)">
            {customerName(c)}
          </Text>
        </UnstyledButton>
      ),
    },
    { key: 'email', header: 'Email', sortField: 'email', render: (c) => c.email ?? '—' },
    { key: 'phone', header: 'Phone', render: (c) => c.phone || '—' },
    { key: 'country', header: 'Country', render: (c) => countryName(c.country) },
    { key: 'orders', header: 'Orders', width: 80, align: 'right', render: (c) => c.orders_count },
    { key: 'spent', header: 'Spent', width: 130, align: 'right', render: (c) => spentText(c) },
    { key: 'actions', header: '', width: 60, align: 'right', render: actions },
  ];

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
      New customer
    </Button>
  );

  return (
    <Stack gap={0}>
      <PageAction>
        <Group gap="sm" wrap="nowrap">
          <ExportMenu path="/customers/export/" params={list.apiQuery} disabled={!list.ready} />
          {createButton}
        </Group>
      </PageAction>
      <ListToolbar list={list} searchLabel="Search customers" searchPlaceholder="Search by name, email or phone" />
      <DataTable
        label="Customers"
        columns={columns}
        rowKey={(c) => c.id}
        {...listTableProps(list, data, isFetching)}
        empty={{
          message: list.hasActiveFilters
            ? 'No customers match this search.'
            : 'There are no customers yet. They are added when someone books, or here by hand.',
          action: list.hasActiveFilters ? undefined : createButton,
        }}
      />
      <Drawer
        opened={opened !== null}
        onClose={() => setOpenId(null)}
        title={opened ? customerName(opened) : ''}
        position="right"
      >
        {opened ? (
          <Stack gap="sm">
            <Field label="Email">{opened.email ?? '—'}</Field>
            <Field label="Phone">{opened.phone || '—'}</Field>
            <Field label="Country">{countryName(opened.country)}</Field>
            <Field label="Language">{opened.language || '—'}</Field>
            <Field label="Marketing emails">
              {opened.marketing_consent ? `Agreed on ${formatDisplayDate(opened.marketing_consent_at)}` : 'No consent'}
            </Field>
            <Field label="Orders">
              {opened.orders_count === 0 ? 'No orders yet' : `${opened.orders_count} · ${spentText(opened)}`}
            </Field>
            <CustomerOrders customerId={opened.id} count={opened.orders_count} />
            <Field label="Notes">{opened.notes || '—'}</Field>
            <Field label="Customer since">{formatDisplayDate(opened.created_at)}</Field>
            <Group mt="md">
              <Button variant="standard" onClick={() => setEditing(opened)}>
                Edit
              </Button>
              <Anchor component="button" size="sm" onClick={() => setMerging(opened)}>
                Merge a duplicate…
              </Anchor>
            </Group>
          </Stack>
        ) : null}
      </Drawer>
      <CustomerFormModal customer={editing} onClose={() => setEditing(undefined)} />
      <MergeModal into={merging} onClose={() => setMerging(null)} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete customer"
        message={`Delete ${deletion.target ? customerName(deletion.target) : ''}? Their orders stay, without the link to the customer.`}
        confirmLabel="Delete"
      />
    </Stack>
  );
};
