import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { useAppSelector } from '../../../app/store.ts';
import { Button } from '../../../components/button.tsx';
import { lazyResolver } from '../../../lib/forms/lazy-resolver.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useLoginMutation, useResendActivationMutation } from '../api/auth.api.ts';
import { AuthCard } from '../components/auth-layout.tsx';

type LoginValues = { email: string; password: string };

// zod loads with the first validation, not with the login page (its first-screen JS budget).
const resolver = lazyResolver<LoginValues>(async () => {
  const { z } = await import('zod');
  const schema = z.object({
    email: z
      .string()
      .trim()
      .min(1, { error: 'Enter your email address.' })
      .pipe(z.email({ error: 'Enter a valid email address.' })),
    password: z.string().min(1, { error: 'Enter your password.' }).max(128),
  });
  return zodResolver(schema);
});

/** The login error that also stands for "not activated yet" (the server does not say which: enumeration). */
const isNoActiveAccount = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'data' in error &&
  (error.data as { errors?: { code?: string }[] } | undefined)?.errors?.some((e) => e.code === 'no_active_account') === true;

/**
 * After "No active account found…" the way forward: the account may not be activated yet, so the
 * activation email can be sent again to the address just typed.
 */
const ResendActivationOffer = ({ email }: { email: string }) => {
  const [resend, { isLoading, isSuccess }] = useResendActivationMutation();
  const send = async () => {
    const result = await resend({ email });
    if (!result.error) notifySuccess(MESSAGES.activationResent);
  };
  return (
    <Alert color="blue" variant="light" icon={<IconMailForward size={18} />} title="Not activated yet?">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          If you registered recently, open the activation link we emailed to {email} first. It may take a minute to arrive.
        </Text>
        <Button variant="secondary" size="xs" onClick={send} loading={isLoading} disabled={isSuccess}>
          {isSuccess ? 'Activation email sent' : 'Resend activation email'}
        </Button>
      </Stack>
    </Alert>
  );
};

export const LoginPage = () => {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const [login, { isLoading }] = useLoginMutation();
  // The email of the last attempt that failed with "No active account found" (the offer's address).
  const [inactiveEmail, setInactiveEmail] = useState<string | null>(null);
  // The button stays busy while the browser leaves for the dashboard, not after a failed attempt.
  const [redirecting, setRedirecting] = useState(false);
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;

  const onSubmit = handleSubmit(async (values) => {
    const result = await login(values);
    setInactiveEmail(result.error && isNoActiveAccount(result.error) ? values.email.trim() : null);
    // The server answers with the user's subdomain: /dashboard there, or a handover link.
    if (result.data) {
      setRedirecting(true);
      window.location.assign(result.data.redirect_url);
    }
  });

  return (
    <AuthCard
      title="Log in to Excursio"
      description="Welcome back. Use the email address you registered with."
      footer={
        <>
          New to Excursio?{' '}
          <Anchor component={Link} to="/auth/register">
            Create an account
          </Anchor>
        </>
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
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...register('password')}
            error={formState.errors.password?.message}
          />
          <Button type="submit" loading={isLoading || redirecting} fullWidth>
            Log in
          </Button>
          {inactiveEmail ? <ResendActivationOffer key={inactiveEmail} email={inactiveEmail} /> : null}
          <Stack gap={4} align="center">
            <Anchor component={Link} to="/auth/forgot-password" size="sm">
              Forgot your password?
            </Anchor>
            <Anchor component={Link} to="/auth/resend-activation" size="sm">
              Resend activation email
            </Anchor>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
};
