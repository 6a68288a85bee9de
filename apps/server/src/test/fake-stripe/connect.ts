import type { FakeStripe } from './server.ts';

/**
 * Connect on the fake Stripe: Express accounts (onboarding not done until a test says so) and
 * account links. `completeOnboarding(fake, id)` is what the person finishing Stripe's pages does.
 */
export const addConnect = (fake: FakeStripe) => {
  fake.resource('accounts', 'account', 'acct', {
    create: (body) => ({ ...body, details_submitted: false, charges_enabled: false, payouts_enabled: false }),
  });
  fake.route('POST', /^\/v1\/account_links$/, (request) => ({
    object: 'account_link',
    created: fake.now(),
    expires_at: fake.now() + 300,
    url: `https://connect.stripe.test/setup/e/${request.body.account}/${fake.newId('link')}`,
  }));
};

export const completeOnboarding = (
  fake: FakeStripe,
  accountId: string,
  flags: Partial<Record<'details_submitted' | 'charges_enabled' | 'payouts_enabled', boolean>> = {},
) => {
  const account = fake.get(accountId);
  if (!account) throw new Error(`no fake account ${accountId}`);
  return fake.save({ ...account, details_submitted: true, charges_enabled: true, payouts_enabled: true, ...flags });
};
