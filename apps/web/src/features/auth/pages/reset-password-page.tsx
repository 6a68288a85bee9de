import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { NewPasswordInputs } from '../../../components/new-password-inputs.tsx';
import { newPasswordPair } from '../../../lib/forms/schemas.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useConfirmPasswordResetMutation } from '../api/auth.api.ts';
import { AuthCard } from '../components/auth-layout.tsx';

export const ResetPasswordPage = () => {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [confirmReset] = useConfirmPasswordResetMutation();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(newPasswordPair),
    defaultValues: { new_password: '', confirm_password: '' },
  });
  const onSubmit = handleSubmit(async ({ new_password }) => {
    const result = await confirmReset({ token, new_password });
    if (!result.error) {
      notifySuccess(MESSAGES.resetConfirmed);
      navigate('/auth/login');
    }
  });
  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <Anchor component={Link} to="/auth/login">
          Back to login
        </Anchor>
      }
    >
      {token ? (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <NewPasswordInputs register={register} errors={formState.errors} />
            <Button type="submit" loading={formState.isSubmitting} fullWidth>
              Reset password
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert color="red" title="Reset link incomplete">
          The link has no reset token.{' '}
          <Anchor component={Link} to="/auth/forgot-password">
            Request a new link
          </Anchor>
          .
        </Alert>
      )}
    </AuthCard>
  );
};
