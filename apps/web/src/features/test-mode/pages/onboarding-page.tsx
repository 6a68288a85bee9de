import { List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Button } from '../../../components/button.tsx';
import { HostedLinkProblem, HostedLoading, HostedPage } from '../components/hosted-page.tsx';
import { useHostedPage } from '../use-hosted-page.ts';

const BACK = '/settings/payment-providers';
const oauth = (token: string, outcome: 'code=test' | 'error=access_denied') =>
  `/api/stripe/oauth/?state=${encodeURIComponent(token)}&${outcome}`;

/**
 * `/test-mode/onboarding/{token}`: the test mode's stand-in for Stripe Connect onboarding. Both
 * buttons are full-page navigations to the server's return endpoint, as the provider's page would
 * send the browser back.
 */
export const OnboardingPage = () => {
  const hosted = useHostedPage('onboarding');
  if (hosted.state === 'loading') return <HostedLoading />;
  if (hosted.state !== 'ready') {
    return <HostedLinkProblem back={BACK} backLabel="Back to Payment providers" failed={hosted.state === 'failed'} />;
  }
  const { page, token } = hosted;
  return (
    <HostedPage title="Connect your account" subtitle={`${page.organization} · card payments through Excursio`}>
      <Stack gap="lg">
        <Text size="sm">
          Connecting creates a test account for <strong>{page.organization}</strong>. Its details are filled in for you:
        </Text>
        <List
          size="sm"
          spacing={8}
          icon={
            <ThemeIcon size={20} radius="xl" color="teal" variant="light">
              <IconCheck size={13} />
            </ThemeIcon>
          }
        >
          <List.Item>Business details submitted</List.Item>
          <List.Item>Card payments enabled (test cards only)</List.Item>
          <List.Item>Payouts enabled to a test bank account</List.Item>
        </List>
        <Stack gap="xs">
          <Button component="a" href={oauth(token, 'code=test')} fullWidth size="md">
            Connect
          </Button>
          <Button component="a" href={oauth(token, 'error=access_denied')} variant="standard" fullWidth>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </HostedPage>
  );
};
