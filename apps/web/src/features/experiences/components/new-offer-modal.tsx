import { EXPERIENCE_TYPE_LABELS, EXPERIENCE_TYPES, experiencePutInput } from '@excursio/contract/experiences';
import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Input, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { useCreateExperienceMutation } from '../../../lib/api/catalog.api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { editorPath } from '../editor/editor-footer.tsx';

export const TYPE_OPTIONS = EXPERIENCE_TYPES.map((value) => ({ value, label: EXPERIENCE_TYPE_LABELS[value] }));

const schema = z.object({ type: experiencePutInput.shape.type, title: experiencePutInput.shape.title });

/** "New offer": type and title → POST → the new offer's basic-info step (specification §2). */
export const NewOfferModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => (
  <Modal opened={opened} onClose={onClose} title="New offer" size="md">
    {opened ? <NewOfferForm onClose={onClose} /> : null}
  </Modal>
);

const NewOfferForm = ({ onClose }: { onClose: () => void }) => {
  const navigate = useNavigate();
  const [create, { isLoading }] = useCreateExperienceMutation();
  const { register, control, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { type: 'rental' as const, title: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    const result = await create(values);
    if (result.error) return;
    notifySuccess(MESSAGES.experienceCreated);
    onClose();
    navigate(editorPath(result.data.id, 'basic-info')); // specification §2: the landing step after create
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Input.Wrapper label="Type" description="What kind of offer this is. You can change it later.">
              <SegmentedControl
                mt={6}
                fullWidth
                aria-label="Type"
                data={TYPE_OPTIONS}
                value={field.value}
                onChange={field.onChange}
              />
            </Input.Wrapper>
          )}
        />
        <TextInput
          label="Title"
          placeholder="e.g. Sunset kayak tour"
          data-autofocus
          {...register('title')}
          error={formState.errors.title?.message}
        />
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading}>
            Create offer
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
