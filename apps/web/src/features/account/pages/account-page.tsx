import { meUpdateInput } from '@excursio/contract/auth';
import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { NewPasswordInputs } from '../../../components/new-password-inputs.tsx';
import { useUpdateMeMutation } from '../../../lib/api/session.api.ts';
import { newPasswordPair } from '../../../lib/forms/schemas.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAppSelector } from '../../../lib/store/hooks.ts';
import { FORM_WIDTH } from '../../../lib/theme.ts';
import { useSetPasswordMutation } from '../api/account.api.ts';
import { NotificationMailForm } from '../components/notification-mail-form.tsx';

const Section = ({ title, description, children }: { title: string; description: string; children: ReactNode }) => (
  <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={FORM_WIDTH}>
    <Text fw={600} size="lg">
      {title}
    </Text>
    <Text size="sm" c="dimmed" mb="lg">
      {description}
    </Text>
    {children}
  </Paper>
);

const ProfileForm = () => {
  const user = useAppSelector((state) => state.user.user);
  const [updateMe] = useUpdateMeMutation();
  const values = { first_name: user?.first_name ?? '', last_name: user?.last_name ?? '', phone: user?.phone ?? '' };
  const { register, handleSubmit, formState, reset } = useForm({ resolver: zodResolver(meUpdateInput), values });
  // Read during render: react-hook-form only tracks the form state a component subscribes to.
  const { isDirty } = formState;
  const onSubmit = handleSubmit(async (data) => {
    if (!isDirty) return;
    const result = await updateMe(data);
    if (!result.error) {
      notifySuccess(MESSAGES.updated);
      reset(data);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Email" value={user?.email ?? ''} readOnly variant="filled" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" {...register('first_name')} error={formState.errors.first_name?.message} />
          <TextInput label="Last name" {...register('last_name')} error={formState.errors.last_name?.message} />
        </SimpleGrid>
        <TextInput label="Phone" type="tel" {...register('phone')} error={formState.errors.phone?.message} />
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

const passwordSchema = newPasswordPair.safeExtend({
  current_password: z.string().min(1, { error: 'Enter your current password.' }).max(128),
});

const PasswordForm = () => {
  const [setPassword] = useSetPasswordMutation();
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(passwordSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    const result = await setPassword({ current_password, new_password });
    if (!result.error) {
      notifySuccess(MESSAGES.passwordSet);
      reset();
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...register('current_password')}
          error={formState.errors.current_password?.message}
        />
        <NewPasswordInputs register={register} errors={formState.errors} />
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

export const AccountPage = () => (
  <Stack gap="lg">
    <Section title="Your profile" description="Your name and phone number, as your team sees them.">
      <ProfileForm />
    </Section>
    <Section
      title="Mail notifications"
      description="Which of your organization's notices also come to you by mail. The bell in the header always shows them all."
    >
      <NotificationMailForm />
    </Section>
    <Section title="Password" description="Changing your password signs out your other sessions.">
      <PasswordForm />
    </Section>
  </Stack>
);
