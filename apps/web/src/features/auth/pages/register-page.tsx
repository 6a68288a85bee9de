import { type RegistrationInput, registrationInput } from '@excursio/contract/auth';
import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Input, PasswordInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { bareDomainWithPort } from '../../../lib/domain/host.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { browserTimeZone, TIME_ZONES } from '../../../lib/time-zones.ts';
import { useRegisterMutation } from '../api/auth.api.ts';
import { AuthCard } from '../components/auth-layout.tsx';

const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/g, '');

const DEFAULTS: RegistrationInput = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  organization_name: '',
  account_type: 'supplier',
  subdomain: '',
  timezone: 'UTC',
};
const ZONE_OPTIONS = TIME_ZONES.map((z) => ({ value: z, label: z }));

export const RegisterPage = () => {
  const navigate = useNavigate();
  const [registerAccount, { isLoading }] = useRegisterMutation();
  const { register, handleSubmit, control, formState, watch, setValue, getFieldState } = useForm({
    resolver: zodResolver(registrationInput),
    // The organization's zone starts as the browser's (offers, "today" and times follow it).
    defaultValues: { ...DEFAULTS, timezone: browserTimeZone() },
    mode: 'onTouched',
  });
  const subdomain = watch('subdomain');
  const errors = formState.errors;

  const orgField = register('organization_name', {
    onChange: (event) => {
      // Suggest a subdomain from the organization name until the user edits it themselves.
      // A message shown for the subdomain is checked again against the suggestion (never left stale).
      if (!getFieldState('subdomain').isDirty) {
        setValue('subdomain', slugify(event.target.value), { shouldValidate: getFieldState('subdomain').invalid });
      }
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await registerAccount(values);
    if (result.data) {
      notifySuccess(MESSAGES.registered);
      navigate('/dashboard');
    }
  });

  return (
    <AuthCard
      width={520}
      title="Create your Excursio account"
      description="Set up your organization. We will send you an email to activate the account."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/auth/login">
            Log in
          </Anchor>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Input.Wrapper label="Account type" description="Suppliers run experiences; affiliates resell them.">
            <Controller
              control={control}
              name="account_type"
              render={({ field }) => (
                <SegmentedControl
                  fullWidth
                  mt={6}
                  aria-label="Account type"
                  value={field.value}
                  onChange={field.onChange}
                  data={[
                    { value: 'supplier', label: 'Supplier' },
                    { value: 'affiliate', label: 'Affiliate' },
                  ]}
                />
              )}
            />
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
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
          <TextInput label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
          <PasswordInput
            label="Password"
            description="8 to 128 characters."
            autoComplete="new-password"
            {...register('password')}
            error={errors.password?.message}
          />
          <TextInput
            label="Organization name"
            autoComplete="organization"
            {...orgField}
            error={errors.organization_name?.message}
          />
          <TextInput
            label="Subdomain"
            autoComplete="off"
            spellCheck={false}
            {...register('subdomain')}
            error={errors.subdomain?.message}
            description={
              <Text span size="xs" c="dimmed" data-testid="subdomain-preview">
                Your dashboard address: {subdomain ? subdomain.toLowerCase() : 'your-name'}.{bareDomainWithPort()}
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Controller
            control={control}
            name="timezone"
            render={({ field }) => (
              <Select
                label="Time zone"
                description="Where your organization works: times and “today” follow it. You can change it later."
                data={ZONE_OPTIONS}
                searchable
                allowDeselect={false}
                value={field.value ?? 'UTC'}
                onChange={(value) => field.onChange(value ?? 'UTC')}
                error={errors.timezone?.message}
              />
            )}
          />
          <Button type="submit" loading={isLoading} fullWidth mt="xs">
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
};
