import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { emailField } from '../../../lib/forms/schemas.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useRequestPasswordResetMutation, useResendActivationMutation } from '../api/auth.api.ts';
import { AuthCard } from '../components/auth-layout.tsx';

const schema = z.object({ email: emailField });

type Props = {
  title: string;
  description: string;
  submitLabel: string;
  send: (email: string) => Promise<boolean>;
  successMessage: string;
};

const EmailRequestForm = ({ title, description, submitLabel, send, successMessage }: Props) => {
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const onSubmit = handleSubmit(async ({ email }) => {
    if (await send(email)) {
      notifySuccess(successMessage);
      navigate('/auth/login');
    }
  });
  return (
    <AuthCard
      title={title}
      description={description}
      footer={
        <Anchor component={Link} to="/auth/login">
          Back to login
        </Anchor>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...register('email')}
            error={formState.errors.email?.message}
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
};

export const ForgotPasswordPage = () => {
  const [request] = useRequestPasswordResetMutation();
  return (
    <EmailRequestForm
      title="Reset your password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
      submitLabel="Send reset link"
      successMessage={MESSAGES.resetRequested}
      send={async (email) => !(await request({ email })).error}
    />
  );
};

export const ResendActivationPage = () => {
  const [resend] = useResendActivationMutation();
  return (
    <EmailRequestForm
      title="Resend activation email"
      description="Did not get the activation email? Enter your email address and we will send a new link."
      submitLabel="Send activation link"
      successMessage={MESSAGES.activationResent}
      send={async (email) => !(await resend({ email })).error}
    />
  );
};
