import { Loader, MultiSelect } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useCreateInventoryTagMutation, useListInventoryTagsQuery } from '../../../lib/api/catalog.api.ts';
import { createdTagName, tagOptions } from './item-form.ts';

type Tag = { id: string; name: string };

/** Tags of an item: pick existing ones, or type a new name and create it on the spot. */
export const TagPicker = ({
  value,
  onChange,
  initialTags,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  /** The item's current tags, shown even when they are not among the first page of tags. */
  initialTags: Tag[];
  error?: string;
}) => {
  const { data } = useListInventoryTagsQuery({ page: 1, page_size: 100, ordering: 'name' });
  const [createTag, { isLoading: creating }] = useCreateInventoryTagMutation();
  const [search, setSearch] = useState('');
  const [created, setCreated] = useState<Tag[]>([]);

  const known = useMemo(() => {
    const byId = new Map<string, Tag>();
    for (const tag of [...initialTags, ...created, ...(data?.results ?? [])]) byId.set(tag.id, tag);
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [data, initialTags, created]);

  const change = async (next: string[]) => {
    const toCreate = next.find((v) => createdTagName(v) !== null);
    if (!toCreate) {
      onChange(next);
      return;
    }
    const kept = next.filter((v) => v !== toCreate);
    const result = await createTag({ name: createdTagName(toCreate) ?? '' });
    if (result.data) {
      const tag = { id: result.data.id, name: result.data.name };
      setCreated((current) => [...current, tag]);
      onChange([...kept, tag.id]);
    }
    setSearch('');
  };

  return (
    <MultiSelect
      label="Tags"
      placeholder={value.length ? undefined : 'Pick tags or type a new one'}
      data={tagOptions(known, search)}
      value={value}
      onChange={change}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      rightSection={creating ? <Loader size="xs" /> : undefined}
      nothingFoundMessage="Type a name to create a tag"
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
