import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog.tsx';
import { createdColumn, editDeleteColumn, NameCell } from '../../../components/data-table/cells.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import type { ListParams } from '../../../lib/list/use-list-params.ts';
import { notifySuccess } from '../../../lib/notify.ts';

/** An inventory category or tag: both group items and share the list (name, items, created). */
export type ItemGroup = { id: string; name: string; description?: string; items_count: number; created_at: string };
type GroupBody = { name: string; description?: string };
type MutationResult = Promise<{ error?: unknown }>;

export type GroupKind = {
  /** 'category' / 'tag' */
  singular: string;
  plural: string;
  /** Categories have a description; tags only a name. */
  withDescription: boolean;
  emptyMessage: string;
};

const schema = z.object({
  name: z.string().trim().min(1, { error: 'Enter a name.' }).max(200),
  description: z.string().trim().max(1000),
});
type Values = z.infer<typeof schema>;

const GroupForm = ({
  kind,
  group,
  onSave,
  onClose,
}: {
  kind: GroupKind;
  group: ItemGroup | null;
  onSave: (body: GroupBody) => MutationResult;
  onClose: () => void;
}) => {
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '' },
  });
  // Read during render: react-hook-form only tracks the form state a component subscribes to.
  const { isDirty, errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (values) => {
    if (group && !isDirty) {
      onClose();
      return;
    }
    const result = await onSave(kind.withDescription ? values : { name: values.name });
    if (!result.error) {
      notifySuccess(group ? MESSAGES.updated : MESSAGES.created);
      onClose();
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" withAsterisk {...register('name')} error={errors.name?.message} data-autofocus />
        {kind.withDescription ? (
          <Textarea label="Description" autosize minRows={2} {...register('description')} error={errors.description?.message} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {group ? 'Save changes' : `Create ${kind.singular}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** The list page of inventory categories or tags; the page passes its own query and mutations. */
export const GroupList = <T extends ItemGroup>({
  kind,
  list,
  data,
  fetching,
  create,
  update,
  remove,
}: {
  kind: GroupKind;
  list: ListParams;
  data: { results: T[]; count: number; total_pages: number } | undefined;
  fetching: boolean;
  create: (body: GroupBody) => MutationResult;
  update: (id: string, body: GroupBody) => MutationResult;
  remove: (id: string) => MutationResult;
}) => {
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const deletion = useConfirmDelete<T>(remove);
  const deleting = deletion.target;

  const columns: Column<T>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (g) => <NameCell name={g.name} description={g.description} />,
    },
    {
      key: 'items',
      header: 'Items',
      sortField: 'items_count',
      width: 110,
      render: (g) => <Text size="sm">{g.items_count}</Text>,
    },
    createdColumn<T>(),
    editDeleteColumn<T>(setEditing, deletion.ask),
  ];

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
      New {kind.singular}
    </Button>
  );
  const itemsNote = (g: T) =>
    g.items_count > 0
      ? ` ${g.items_count === 1 ? 'The 1 item' : `The ${g.items_count} items`} using it will stay, without this ${kind.singular}.`
      : '';

  return (
    <Stack gap={0}>
      <PageAction>{createButton}</PageAction>
      <ListToolbar list={list} searchLabel={`Search ${kind.plural}`} searchPlaceholder="Search by name" />
      <DataTable
        label={`Inventory ${kind.plural}`}
        columns={columns}
        rowKey={(g) => g.id}
        {...listTableProps(list, data, fetching)}
        empty={{
          message: list.hasActiveFilters ? `No ${kind.plural} match this search.` : kind.emptyMessage,
          action: list.hasActiveFilters ? undefined : createButton,
        }}
      />
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? `Edit ${kind.singular} ${editing.name}` : `New ${kind.singular}`}
      >
        {editing !== undefined ? (
          <GroupForm
            key={editing?.id ?? 'new'}
            kind={kind}
            group={editing}
            onSave={(body) => (editing ? update(editing.id, body) : create(body))}
            onClose={() => setEditing(undefined)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        {...deletion.dialog}
        title={`Delete ${kind.singular}`}
        message={deleting ? `Delete the ${kind.singular} ${deleting.name}?${itemsNote(deleting)} This cannot be undone.` : ''}
        confirmLabel="Delete"
      />
    </Stack>
  );
};
