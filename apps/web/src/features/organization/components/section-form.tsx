import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Input, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Controller, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { CountrySelect } from '../../../components/country-select.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { FORM_WIDTH, PAGE_FORM_WIDTH } from '../../../lib/theme.ts';

export type FieldSpec<V> = {
  name: Path<V> & string;
  label: string;
  kind?: 'text' | 'email' | 'url' | 'textarea' | 'select' | 'segmented' | 'country';
  description?: string;
  options?: { value: string; label: string }[];
  /** Full row width. */
  wide?: boolean;
  placeholder?: string;
};

export type SectionFormProps<V extends FieldValues> = {
  title: string;
  description: string;
  schema: z.ZodType<V, V>;
  values: V;
  fields: FieldSpec<V>[];
  /** Receives only the changed fields; returns true on success. */
  save: (changes: Partial<V>) => Promise<boolean>;
};

/** One settings form section: only dirty fields are sent, and nothing when the form is clean. */
export const SectionForm = <V extends FieldValues>({ title, description, schema, values, fields, save }: SectionFormProps<V>) => {
  const { register, handleSubmit, control, formState, reset } = useForm<V>({ resolver: zodResolver(schema), values });
  // Read during render: react-hook-form only tracks the form state a component subscribes to.
  const { isDirty, dirtyFields } = formState;
  const onSubmit = handleSubmit(async (data) => {
    if (!isDirty) return;
    const dirty = dirtyFields as Record<string, unknown>;
    const changes = Object.fromEntries(Object.entries(data).filter(([key]) => dirty[key])) as Partial<V>;
    if (await save(changes)) {
      notifySuccess(MESSAGES.updated);
      reset(data);
    }
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={PAGE_FORM_WIDTH}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg" maw={FORM_WIDTH}>
          <div>
            <Text fw={600} size="lg">
              {title}
            </Text>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            {fields.map((field) => {
              const error = (formState.errors as Record<string, { message?: string } | undefined>)[field.name]?.message;
              const common = { label: field.label, description: field.description, error, placeholder: field.placeholder };
              const span = field.wide ? { style: { gridColumn: '1 / -1' } } : {};
              if (field.kind === 'country') {
                return (
                  <Controller
                    key={field.name}
                    control={control}
                    name={field.name}
                    render={({ field: f }) => (
                      <CountrySelect {...common} {...span} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />
                    )}
                  />
                );
              }
              if (field.kind === 'textarea') {
                return <Textarea key={field.name} {...common} {...span} autosize minRows={3} {...register(field.name)} />;
              }
              if (field.kind === 'select' || field.kind === 'segmented') {
                return (
                  <Controller
                    key={field.name}
                    control={control}
                    name={field.name}
                    render={({ field: f }) =>
                      field.kind === 'select' ? (
                        <Select
                          {...common}
                          {...span}
                          data={field.options ?? []}
                          searchable
                          allowDeselect={false}
                          value={f.value ?? null}
                          onChange={(v) => f.onChange(v ?? '')}
                        />
                      ) : (
                        <Input.Wrapper {...common} {...span}>
                          <SegmentedControl
                            mt={4}
                            aria-label={field.label}
                            data={field.options ?? []}
                            value={f.value}
                            onChange={f.onChange}
                            fullWidth
                          />
                        </Input.Wrapper>
                      )
                    }
                  />
                );
              }
              return <TextInput key={field.name} {...common} {...span} type={field.kind ?? 'text'} {...register(field.name)} />;
            })}
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="standard" onClick={() => reset(values)} disabled={!isDirty}>
              Discard changes
            </Button>
            {/* Like the editor: nothing changed, nothing to save. */}
            <Button type="submit" loading={formState.isSubmitting} disabled={!isDirty}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
