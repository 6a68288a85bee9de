import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessages } from '../../../lib/api/errors.ts';
import { useActivateMutation } from '../api/auth.api.ts';
import { AuthCard } from '../components/auth-layout.tsx';

/** A link opened again after it activated the account (409 `already_active`). */
const isAlreadyActive = (error: unknown) => {
  const data = (error as { data?: { errors?: { code?: string }[] } } | undefined)?.data;
  return Boolean(data?.errors?.some((item) => item.code === 'already_active'));
};

export const ActivatePage = () => {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [activate, { isUninitialized, isLoading, isSuccess, error }] = useActivateMutation();
  const started = useRef(false);

  useEffect(() => {
    // One activation per token, also under StrictMode's double effects.
    if (started.current || !token) return;
    started.current = true;
    void activate({ token });
  }, [activate, token]);

  return (
    <AuthCard title="Activate your account">
      <Stack gap="md">
        {!token ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Activation link incomplete">
            The link has no activation token. Open the link from your email again, or request a new one.
          </Alert>
        ) : isUninitialized || isLoading ? (
          <Stack align="center" gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Activating your account…
            </Text>
          </Stack>
        ) : isSuccess ? (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Your account is active">
            You can now log in to Excursio.
          </Alert>
        ) : isAlreadyActive(error) ? (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Already active">
            This account is already active. Log in.
          </Alert>
        ) : (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Activation failed">
            {errorMessages(error).join(' ')}
          </Alert>
        )}
        <Anchor component={Link} to="/auth/login" ta="center">
          Go to login
        </Anchor>
        {token && !isSuccess && !isLoading && !isUninitialized && !isAlreadyActive(error) ? (
          <Anchor component={Link} to="/auth/resend-activation" ta="center" size="sm">
            Send a new activation email
          </Anchor>
        ) : null}
      </Stack>
    </AuthCard>
  );
};
