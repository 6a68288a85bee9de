import type { Experience } from '@excursio/contract/experiences';
import { SimpleGrid, Textarea } from '@mantine/core';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { FormSection } from '../form-section.tsx';
import { ListEditor } from '../list-editor.tsx';
import { StepForm, useStepForm } from '../step-form.tsx';
import { descriptionSchema, descriptionValues, type LIST_FIELDS } from '../step-schemas.ts';

type ListField = (typeof LIST_FIELDS)[number];
const LISTS: Record<ListField, { label: string; itemName: string; placeholder: string; description?: string }> = {
  highlights: {
    label: 'Highlights',
    itemName: 'highlight',
    placeholder: 'e.g. Watch the sunset from the old town walls',
    description: 'The best moments, one per line on the offer page.',
  },
  included: { label: 'Included', itemName: 'included item', placeholder: 'e.g. Professional guide' },
  not_included: { label: 'Not included', itemName: 'excluded item', placeholder: 'e.g. Hotel pick-up' },
  what_to_bring: { label: 'What to bring', itemName: 'item to bring', placeholder: 'e.g. Comfortable shoes' },
};

/** The list's own error, or the first of its items' (e.g. an item over 500 characters). */
const listError = (error: unknown): string | undefined => {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  if (Array.isArray(error)) return error.map(listError).find(Boolean);
  return 'root' in error ? listError(error.root) : undefined;
};

export function DescriptionStep({ experience }: { experience: Experience }) {
  const values = useMemo(() => descriptionValues(experience), [experience]);
  const { form, footer, guardDialog } = useStepForm({ experience, schema: descriptionSchema, values });
  const { register, control, watch, formState } = form;
  const { errors } = formState;
  const shortLength = watch('short_description').length;

  const list = (name: ListField) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ListEditor {...LISTS[name]} value={field.value} onChange={field.onChange} error={listError(errors[name])} />
      )}
    />
  );

  return (
    <StepForm experienceId={experience.id} step="description" footer={footer} guardDialog={guardDialog}>
      <FormSection title="Description" description="Tell visitors what they will experience.">
        <Textarea
          label="Short description"
          description={`Shown on offer cards and in search results (${shortLength}/500).`}
          autosize
          minRows={2}
          maxLength={500}
          {...register('short_description')}
          error={errors.short_description?.message}
        />
        <Textarea
          label="Description"
          description="The full story: what happens, in what order, what makes it special."
          autosize
          minRows={6}
          maxRows={24}
          {...register('description')}
          error={errors.description?.message}
        />
      </FormSection>
      <FormSection title="Highlights and inclusions" description="Short lines visitors scan before they book.">
        {list('highlights')}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {list('included')}
          {list('not_included')}
        </SimpleGrid>
      </FormSection>
      <FormSection title="Before you go">
        {list('what_to_bring')}
        <Textarea
          label="Important information"
          description="Requirements, restrictions, accessibility, what to know before booking."
          autosize
          minRows={3}
          maxRows={16}
          {...register('important_information')}
          error={errors.important_information?.message}
        />
      </FormSection>
    </StepForm>
  );
}
