import type { CancellationPolicy } from '@excursio/contract/booking-info';
import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Group, Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, IconButton } from '../../../../components/button.tsx';
import { policyInWords } from '../../../../components/offer-preview/offer-format.ts';
import { useCreateCancellationPolicyMutation, useUpdateCancellationPolicyMutation } from '../../../../lib/api/catalog.api.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { MAX_TIERS, policySchema, tierRows } from './form-schemas.ts';

type Values = z.infer<typeof policySchema>;

/** `policy` undefined: closed; null: create; a policy: edit. */
export const PolicyModal = ({
  policy,
  onClose,
  onSaved,
}: {
  policy: CancellationPolicy | null | undefined;
  onClose: () => void;
  onSaved: (policy: CancellationPolicy) => void;
}) => (
  <Modal
    opened={policy !== undefined}
    onClose={onClose}
    title={policy ? `Edit ${policy.name}` : 'New cancellation policy'}
    size="lg"
  >
    {policy !== undefined && <PolicyForm key={policy?.id ?? 'new'} policy={policy} onClose={onClose} onSaved={onSaved} />}
  </Modal>
);

const PolicyForm = ({
  policy,
  onClose,
  onSaved,
}: {
  policy: CancellationPolicy | null;
  onClose: () => void;
  onSaved: (policy: CancellationPolicy) => void;
}) => {
  const [create, { isLoading: creating }] = useCreateCancellationPolicyMutation();
  const [update, { isLoading: updating }] = useUpdateCancellationPolicyMutation();
  const { register, control, handleSubmit, formState, watch, trigger } = useForm<Values>({
    resolver: zodResolver(policySchema),
    defaultValues: {
      name: policy?.name ?? '',
      description: policy?.description ?? '',
      tiers: policy?.tiers ?? [{ hours_before: 24, refund_percent: 100 }],
    },
  });
  const { isDirty, isSubmitted, errors } = formState;
  const tiers = useFieldArray({ control, name: 'tiers' });
  const current = watch('tiers');
  const valid = tierRows.safeParse(current).success;

  const onSubmit = handleSubmit(async (values) => {
    if (policy && !isDirty) {
      onClose();
      return;
    }
    const result = policy ? await update({ id: policy.id, ...values }) : await create(values);
    if (result.data) {
      notifySuccess(policy ? MESSAGES.updated : MESSAGES.created);
      onSaved(result.data);
      onClose();
    }
  });

  const numberField = (index: number, name: 'hours_before' | 'refund_percent', label: string, max: number) => (
    <Controller
      control={control}
      name={`tiers.${index}.${name}`}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          value={Number.isFinite(field.value) ? field.value : ''}
          // An emptied input stays empty (NaN) so the schema asks for a number instead of guessing 0.
          onChange={(v) => {
            field.onChange(typeof v === 'number' ? v : Number.NaN);
            // The tier rules compare rows: after a first submit, re-check every row, not only this one.
            if (isSubmitted) void trigger('tiers');
          }}
          onBlur={field.onBlur}
          min={0}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          suffix={name === 'refund_percent' ? ' %' : undefined}
          error={fieldState.error?.message}
          style={{ flex: 1 }}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder="e.g. Flexible"
          required
          {...register('name')}
          error={errors.name?.message}
          data-autofocus
        />
        <Textarea
          label="Description"
          description="Shown to visitors under the tiers, e.g. what happens in bad weather."
          autosize
          minRows={2}
          {...register('description')}
          error={errors.description?.message}
        />
        <Stack gap="xs">
          <div>
            <Text fw={500} size="sm">
              Refund tiers
            </Text>
            <Text size="xs" c="dimmed">
              A cancellation made at least this many hours before the start gets this share back. Later cancellations get nothing.
            </Text>
          </div>
          {tiers.fields.map((tier, index) => (
            <Group key={tier.id} align="flex-start" gap="sm" wrap="nowrap">
              {numberField(index, 'hours_before', 'Hours before', 100_000)}
              {numberField(index, 'refund_percent', 'Refund', 100)}
              <IconButton label={`Remove tier ${index + 1}`} mt={26} onClick={() => tiers.remove(index)}>
                <IconTrash size={16} />
              </IconButton>
            </Group>
          ))}
          {errors.tiers?.message && (
            <Text size="xs" c="red">
              {errors.tiers.message}
            </Text>
          )}
          <Group>
            <Button
              variant="standard"
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={tiers.fields.length >= MAX_TIERS}
              onClick={() => tiers.append({ hours_before: 0, refund_percent: 0 })}
            >
              Add tier
            </Button>
          </Group>
          <Alert variant="light" color={valid ? 'brand' : 'gray'} title="Visitors see">
            {valid ? `${policyInWords(current)}.` : 'Fix the tiers to see the policy in words.'}
          </Alert>
        </Stack>
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={creating || updating}>
            {policy ? 'Save changes' : 'Create policy'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
