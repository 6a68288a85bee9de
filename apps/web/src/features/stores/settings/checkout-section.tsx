import {
  STORE_PAYMENT_MODE_LABELS,
  STORE_PAYMENT_MODES,
  STORE_QUESTION_MODE_LABELS,
  STORE_QUESTION_MODES,
  type Store,
} from '@excursio/contract/stores';
import { Alert, NumberInput, Radio, SimpleGrid, Stack, Switch } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { Controller, useWatch } from 'react-hook-form';
import { FormCard } from './form-card.tsx';
import type { SettingsForm } from './general-section.tsx';

export const RECAPTCHA_OFF =
  'reCAPTCHA is not available: this Excursio installation has no reCAPTCHA keys set up. Ask whoever runs it to add them.';

/** Holds, booking questions, what is paid at booking and the bot check. */
export const CheckoutSection = ({ form, store }: { form: SettingsForm; store: Store }) => {
  const { control } = form;
  const paymentMode = useWatch({ control, name: 'payment_mode' });
  return (
    <FormCard title="Checkout" description="How visitors book in this store.">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={control}
          name="hold_minutes"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Hold places for (minutes)"
              description="While a visitor checks out. Empty: the organization’s hold time."
              placeholder="Organization default"
              min={5}
              max={120}
              allowDecimal={false}
              value={field.value}
              onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="question_mode"
        render={({ field }) => (
          <Radio.Group label="Booking questions" description="Which of an offer’s questions the checkout asks." {...field}>
            <Stack gap={6} mt={6}>
              {STORE_QUESTION_MODES.map((m) => (
                <Radio key={m} value={m} label={STORE_QUESTION_MODE_LABELS[m]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      <Controller
        control={control}
        name="payment_mode"
        render={({ field }) => (
          <Radio.Group label="Payment at booking" {...field}>
            <Stack gap={6} mt={6}>
              {STORE_PAYMENT_MODES.map((m) => (
                <Radio key={m} value={m} label={STORE_PAYMENT_MODE_LABELS[m]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      {paymentMode === 'deposit' ? (
        <Controller
          control={control}
          name="deposit_percent"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Deposit (percent of the total)"
              min={1}
              max={99}
              allowDecimal={false}
              suffix=" %"
              value={field.value}
              onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
              error={fieldState.error?.message}
              maw={260}
            />
          )}
        />
      ) : null}
      {paymentMode === 'none' ? null : (
        <Controller
          control={control}
          name="reserve_without_payment"
          render={({ field }) => (
            <Switch
              label="Take bookings without payment while card payments are unavailable"
              description="While no payment provider is connected (Settings → Payment providers) or its onboarding is unfinished, visitors book now and pay later. Off: the checkout says card payments are not available and takes no booking."
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
      )}
      <Controller
        control={control}
        name="recaptcha_enabled"
        render={({ field }) => (
          <Stack gap={4}>
            <Switch
              label="Ask for reCAPTCHA at checkout"
              description="Keeps bots from holding places."
              checked={field.value && store.recaptcha_available}
              disabled={!store.recaptcha_available}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
            {store.recaptcha_available ? null : (
              <Alert color="orange" variant="light" icon={<IconShieldOff size={18} />} data-testid="recaptcha-off">
                {RECAPTCHA_OFF}
              </Alert>
            )}
          </Stack>
        )}
      />
    </FormCard>
  );
};
