import { PasswordInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

type NewPasswordValues = { new_password: string; confirm_password: string };

/** The two inputs of a form built on `newPasswordPair`. */
export const NewPasswordInputs = ({
  register,
  errors,
  label = 'New password',
  confirmLabel = 'Confirm new password',
}: {
  register: UseFormRegister<NewPasswordValues>;
  errors: FieldErrors<NewPasswordValues>;
  label?: string;
  confirmLabel?: string;
}) => (
  <>
    <PasswordInput
      label={label}
      description="8 to 128 characters."
      autoComplete="new-password"
      {...register('new_password')}
      error={errors.new_password?.message}
    />
    <PasswordInput
      label={confirmLabel}
      autoComplete="new-password"
      {...register('confirm_password')}
      error={errors.confirm_password?.message}
    />
  </>
);
