import { MESSAGES } from '@excursio/contract/messages';
import type { Role } from '@excursio/contract/team';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAppSelector } from '../../../lib/store/hooks.ts';
import { useCreateRoleMutation, useUpdateRoleMutation } from '../api/team.api.ts';

const schema = z.object({
  name: z.string().trim().min(1, { error: 'Enter a name for the role.' }).max(80),
  description: z.string().trim().max(500),
  permission_set_ids: z.array(z.string()),
});

/** `role` undefined: closed; null: create; a role: edit. */
export const RoleFormModal = ({ role, onClose }: { role: Role | null | undefined; onClose: () => void }) => (
  <Modal opened={role !== undefined} onClose={onClose} title={role ? `Edit role ${role.name}` : 'New role'} size="lg">
    {role !== undefined ? <RoleForm key={role?.id ?? 'new'} role={role} onClose={onClose} /> : null}
  </Modal>
);

const RoleForm = ({ role, onClose }: { role: Role | null; onClose: () => void }) => {
  const permissionSets = useAppSelector((state) => state.appInfo.appInfo?.permission_sets ?? []);
  const [createRole, { isLoading: creating }] = useCreateRoleMutation();
  const [updateRole, { isLoading: updating }] = useUpdateRoleMutation();
  const { register, handleSubmit, control, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      permission_set_ids: role?.permission_sets.map((set) => set.id) ?? [],
    },
  });
  // Read during render: react-hook-form only tracks the form state a component subscribes to.
  const { isDirty } = formState;
  const onSubmit = handleSubmit(async (values) => {
    if (role && !isDirty) {
      onClose();
      return;
    }
    const result = role ? await updateRole({ id: role.id, ...values }) : await createRole(values);
    if (!result.error) {
      notifySuccess(role ? MESSAGES.updated : MESSAGES.created);
      onClose();
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" {...register('name')} error={formState.errors.name?.message} data-autofocus />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          {...register('description')}
          error={formState.errors.description?.message}
        />
        <Controller
          control={control}
          name="permission_set_ids"
          render={({ field }) => (
            <Checkbox.Group
              label="Permissions"
              description="What members with this role may do."
              value={field.value}
              onChange={field.onChange}
            >
              <Stack gap={8} mt="xs">
                {permissionSets.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Permission sets could not be loaded.
                  </Text>
                ) : (
                  permissionSets.map((set) => <Checkbox key={set.id} value={set.id} label={set.title} />)
                )}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={creating || updating}>
            {role ? 'Save changes' : 'Create role'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
