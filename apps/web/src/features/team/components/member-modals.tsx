import { personName } from '@excursio/contract/auth';
import { MESSAGES } from '@excursio/contract/messages';
import { MEMBER_STATUSES, type TeamMember } from '@excursio/contract/team';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { emailField } from '../../../lib/forms/schemas.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useInviteTeamMemberMutation, useUpdateTeamMemberMutation } from '../api/team.api.ts';

type RoleOption = { value: string; label: string };

const inviteSchema = z.object({
  email: emailField,
  first_name: personName,
  last_name: personName,
  role_id: z.string().min(1, { error: 'Choose a role.' }),
});

export const InviteMemberModal = ({ opened, onClose, roles }: { opened: boolean; onClose: () => void; roles: RoleOption[] }) => {
  const [invite, { isLoading }] = useInviteTeamMemberMutation();
  const { register, handleSubmit, control, formState, reset } = useForm({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', first_name: '', last_name: '', role_id: '' },
  });
  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    const result = await invite(values);
    if (!result.error) {
      notifySuccess(MESSAGES.created);
      close();
    }
  });
  return (
    <Modal opened={opened} onClose={close} title="Invite a team member">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" {...register('email')} error={formState.errors.email?.message} data-autofocus />
          <SimpleGrid cols={2}>
            <TextInput label="First name" {...register('first_name')} error={formState.errors.first_name?.message} />
            <TextInput label="Last name" {...register('last_name')} error={formState.errors.last_name?.message} />
          </SimpleGrid>
          <Controller
            control={control}
            name="role_id"
            render={({ field, fieldState }) => (
              <Select
                label="Role"
                data={roles}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={fieldState.error?.message}
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="standard" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

const editSchema = z.object({
  first_name: personName,
  last_name: personName,
  role_id: z.string(),
  status: z.enum(MEMBER_STATUSES),
});

export const EditMemberModal = ({
  member,
  onClose,
  roles,
}: {
  member: TeamMember | null;
  onClose: () => void;
  roles: RoleOption[];
}) => (
  <Modal opened={member !== null} onClose={onClose} title="Edit team member">
    {member ? <EditMemberForm key={member.id} member={member} onClose={onClose} roles={roles} /> : null}
  </Modal>
);

const EditMemberForm = ({ member, onClose, roles }: { member: TeamMember; onClose: () => void; roles: RoleOption[] }) => {
  const [update, { isLoading }] = useUpdateTeamMemberMutation();
  const { register, handleSubmit, control, formState } = useForm({
    resolver: zodResolver(editSchema),
    defaultValues: {
      first_name: member.first_name,
      last_name: member.last_name,
      role_id: member.role?.id ?? '',
      status: member.status,
    },
  });
  // Read during render: react-hook-form only tracks the form state a component subscribes to.
  const { dirtyFields: dirty } = formState;
  const onSubmit = handleSubmit(async (values) => {
    // Only changed fields are sent; nothing changed means no request.
    const patch = {
      ...(dirty.first_name ? { first_name: values.first_name } : {}),
      ...(dirty.last_name ? { last_name: values.last_name } : {}),
      ...(dirty.role_id && values.role_id ? { role_id: values.role_id } : {}),
      ...(dirty.status && values.status !== 'invited' ? { status: values.status } : {}),
    };
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    const result = await update({ id: member.id, ...patch });
    if (!result.error) {
      notifySuccess(MESSAGES.updated);
      onClose();
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Email" value={member.email} readOnly variant="filled" />
        <SimpleGrid cols={2}>
          <TextInput label="First name" {...register('first_name')} error={formState.errors.first_name?.message} />
          <TextInput label="Last name" {...register('last_name')} error={formState.errors.last_name?.message} />
        </SimpleGrid>
        <Controller
          control={control}
          name="role_id"
          render={({ field }) => (
            <Select
              label="Role"
              data={roles}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              disabled={member.is_owner}
            />
          )}
        />
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <Select
              label="Status"
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
              allowDeselect={false}
              disabled={member.is_owner || member.status === 'invited'}
              description={member.status === 'invited' ? 'The invitation has not been accepted yet.' : undefined}
              data={
                member.status === 'invited'
                  ? [{ value: 'invited', label: 'Invited' }]
                  : [
                      { value: 'active', label: 'Active' },
                      { value: 'deactivated', label: 'Deactivated' },
                    ]
              }
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
