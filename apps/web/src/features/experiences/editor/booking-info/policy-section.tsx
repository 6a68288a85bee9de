import type { CancellationPolicy } from '@excursio/contract/booking-info';
import { Group, Select, Stack, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconPencil, IconPlus, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Button, IconButton } from '../../../../components/button.tsx';
import { policyInWords } from '../../../../components/offer-preview/offer-format.ts';
import { useGetCancellationPolicyQuery, useListCancellationPoliciesQuery } from '../../../../lib/api/catalog.api.ts';
import { PolicyModal } from './policy-modal.tsx';
import { SectionCard } from './section-card.tsx';

/** Choose the refund rules; policies are shared by the account's offers. */
export const PolicySection = ({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) => {
  const { data, isLoading } = useListCancellationPoliciesQuery({ page_size: 100, ordering: 'name' });
  const [editing, setEditing] = useState<CancellationPolicy | null | undefined>(undefined);
  const listed = data?.results ?? [];
  const inList = listed.find((p) => p.id === value);
  // The list holds the first 100; a selection beyond them is loaded on its own.
  const { data: single, isError: singleMissing } = useGetCancellationPolicyQuery(value && data && !inList ? value : skipToken);
  const selected = inList ?? (single?.id === value ? single : null);
  const policies = selected && !inList ? [...listed, selected] : listed;
  // The select is mounted again once its options include the chosen value: mounted before, Mantine
  // can keep showing the placeholder while the card below already shows the choice.
  const ready = Boolean(data) && (value === null || selected !== null || singleMissing);
  return (
    <SectionCard
      title="Cancellation policy"
      description="What visitors get back when they cancel. Policies are shared by all your offers."
      action={
        <Button variant="secondary" leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          New policy
        </Button>
      }
    >
      <Select
        key={ready ? 'ready' : 'loading'}
        disabled={!ready}
        label="Cancellation policy"
        placeholder={isLoading || !ready ? 'Loading…' : policies.length === 0 ? 'No policies yet' : 'No cancellation policy'}
        data={policies.map((p) => ({ value: p.id, label: p.name }))}
        value={value}
        onChange={onChange}
        searchable
        clearable
        nothingFoundMessage="No policy matches"
        renderOption={({ option }) => {
          const policy = policies.find((p) => p.id === option.value);
          return (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              {policy && (
                <Text size="xs" c="dimmed">
                  {policyInWords(policy.tiers)}
                </Text>
              )}
            </Stack>
          );
        }}
      />
      {selected && (
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <IconShieldCheck size={20} style={{ flex: 'none', marginTop: 1 }} color="var(--mantine-color-teal-6)" aria-hidden />
            <Text size="sm">{policyInWords(selected.tiers)}.</Text>
          </Group>
          <IconButton label={`Edit ${selected.name}`} onClick={() => setEditing(selected)}>
            <IconPencil size={16} />
          </IconButton>
        </Group>
      )}
      <PolicyModal policy={editing} onClose={() => setEditing(undefined)} onSaved={(policy) => onChange(policy.id)} />
    </SectionCard>
  );
};
