import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { z } from 'zod';
import { useAppSelector } from '../../../app/store.ts';
import { Button } from '../../../components/button.tsx';
import { useLoginMutation } from '../api/auth.api.ts';
import { AuthCard } from '../components/auth-layout.tsx';

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'Enter your email address.' })
    .pipe(z.email({ error: 'Enter a valid email address.' })),
  password: z.string().min(1, { error: 'Enter your password.' }).max(128),
});

export const LoginPage = () => {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const [login, { isLoading }] = useLoginMutation();
  // The button stays busy while the browser leaves for the dashboard, not after a failed attempt.
  const [redirecting, setRedirecting] = useState(false);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;

  const onSubmit = handleSubmit(async (values) => {
    const result = await login(values);
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
