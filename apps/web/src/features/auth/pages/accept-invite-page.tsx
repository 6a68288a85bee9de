import { personName } from '@excursio/contract/auth';
import type { Invitation } from '@excursio/contract/team';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { NewPasswordInputs } from '../../../components/new-password-inputs.tsx';
import { newPasswordPair } from '../../../lib/forms/schemas.ts';
import { useAcceptInviteMutation, useInvitationQuery } from '../api/auth.api.ts';
import { AuthCard } from '../components/auth-layout.tsx';

const schema = newPasswordPair.safeExtend({ first_name: personName, last_name: personName });

/** The form, prefilled with the names the inviter entered; accepting signs the new member in. */
const AcceptForm = ({ token, invitation }: { token: string; invitation: Invitation }) => {
  const [accept] = useAcceptInviteMutation();
  const [leaving, setLeaving] = useState(false);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { first_name: invitation.first_name, last_name: invitation.last_name, new_password: '', confirm_password: '' },
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async ({ first_name, last_name, new_password }) => {
    const result = await accept({
      token,
      password: new_password,
      ...(first_name ? { first_name } : {}),
      ...(last_name ? { last_name } : {}),
    });
    // The answer carries the session cookies: straight to the dashboard, signed in.
    if (result.data) {
      setLeaving(true);
      window.location.assign(result.data.redirect_url);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Email" value={invitation.email} readOnly description="You will sign in with this address." />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="First name"
            autoComplete="given-name"
            {...register('first_name')}
            error={errors.first_name?.message}
          />
          <TextInput label="Last name" autoComplete="family-name" {...register('last_name')} error={errors.last_name?.message} />
        </SimpleGrid>
        <NewPasswordInputs register={register} errors={errors} label="Password" confirmLabel="Confirm password" />
        <Button type="submit" loading={formState.isSubmitting || leaving} fullWidth>
          Accept and sign in
        </Button>
      </Stack>
    </form>
  );
};

export const AcceptInvitePage = () => {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data: invitation, isLoading, isError } = useInvitationQuery(token || skipToken);
  if (!token || isError) {
    return (
      <AuthCard title="Join your team on Excursio">
        <Alert color="red" title={token ? 'This invitation cannot be used' : 'Invitation link incomplete'}>
          {token
            ? 'The link has expired, was replaced by a newer invitation, or has been used already. Ask the person who invited you to send it again.'
            : 'The link has no invitation token. Open the link from your email again.'}
        </Alert>
        <Text size="sm" mt="md" ta="center">
          Already joined?{' '}
          <Anchor component={Link} to="/auth/login">
            Log in
          </Anchor>
        </Text>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={invitation ? `Join ${invitation.organization_name} on Excursio` : 'Join your team on Excursio'}
      description="Choose a password to accept the invitation."
    >
      {isLoading || !invitation ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the invitation">
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : (
        <AcceptForm token={token} invitation={invitation} />
      )}
    </AuthCard>
  );
};
