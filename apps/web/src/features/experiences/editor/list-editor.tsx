import { Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Button, IconButton } from '../../../components/button.tsx';

const MAX_ITEMS = 50;

type ListEditorProps = {
  label: string;
  description?: string;
  /** What one item is called in button labels ("highlight"). */
  itemName: string;
  placeholder?: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
};

/** An editable list of short texts: edit in place, remove, add (Enter adds too). */
export const ListEditor = ({ label, description, itemName, placeholder, value, onChange, error }: ListEditorProps) => {
  const [draft, setDraft] = useState('');
  const add = () => {
    const item = draft.trim();
    if (item === '' || value.length >= MAX_ITEMS) return;
    onChange([...value, item]);
    setDraft('');
  };
  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Stack gap={6} mt={6}>
        {value.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are plain strings edited in place; the position is their identity
          <Group key={index} gap={6} wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label={`${label} ${index + 1}`}
              value={item}
              maxLength={500}
              onChange={(event) => onChange(value.map((v, i) => (i === index ? event.currentTarget.value : v)))}
            />
            <IconButton label={`Remove ${itemName} ${index + 1}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
              <IconX size={16} />
            </IconButton>
          </Group>
        ))}
        {value.length === 0 ? (
          <Text size="xs" c="dimmed">
            Nothing added yet.
          </Text>
        ) : null}
        <Group gap={6} wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            aria-label={`New ${itemName}`}
            placeholder={placeholder}
            value={draft}
            maxLength={500}
            disabled={value.length >= MAX_ITEMS}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              add();
            }}
          />
          <Button
            variant="standard"
            aria-label={`Add ${itemName}`}
            leftSection={<IconPlus size={15} />}
            onClick={add}
            disabled={draft.trim() === ''}
          >
            Add
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
};
