import { personName } from '@excursio/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { NewPasswordInputs } from '../../../components/new-password-inputs.tsx';
import { newPasswordPair } from '../../../lib/forms/schemas.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAcceptInviteMutation } from '../api/auth.api.ts';
import { AuthCard } from '../components/auth-layout.tsx';

const schema = newPasswordPair.safeExtend({ first_name: personName, last_name: personName });

export const AcceptInvitePage = () => {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [accept] = useAcceptInviteMutation();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { first_name: '', last_name: '', new_password: '', confirm_password: '' },
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async ({ first_name, last_name, new_password }) => {
    const result = await accept({
      token,
      password: new_password,
      ...(first_name ? { first_name } : {}),
      ...(last_name ? { last_name } : {}),
    });
    if (!result.error) {
      notifySuccess('Invitation accepted! Log in with your email and new password.');
      navigate('/auth/login');
    }
  });
  return (
    <AuthCard title="Join your team on Excursio" description="Choose a password to accept the invitation.">
      {token ? (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label="First name"
                autoComplete="given-name"
                {...register('first_name')}
                error={errors.first_name?.message}
              />
              <TextInput
                label="Last name"
                autoComplete="family-name"
                {...register('last_name')}
                error={errors.last_name?.message}
              />
            </SimpleGrid>
            <NewPasswordInputs register={register} errors={errors} label="Password" confirmLabel="Confirm password" />
            <Button type="submit" loading={formState.isSubmitting} fullWidth>
              Accept invitation
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert color="red" title="Invitation link incomplete">
          The link has no invitation token. Open the link from your email again.
        </Alert>
      )}
    </AuthCard>
  );
};
