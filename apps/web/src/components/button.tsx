import {
  ActionIcon,
  type ActionIconProps,
  createPolymorphicComponent,
  Button as MantineButton,
  type ButtonProps as MantineButtonProps,
} from '@mantine/core';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';

/** Specification §9 button variants. */
export type ButtonVariant = 'primary' | 'secondary' | 'standard' | 'danger' | 'icon' | 'emphasized';

const VARIANTS: Record<ButtonVariant, Pick<MantineButtonProps, 'variant' | 'color' | 'gradient'>> = {
  primary: { variant: 'filled', color: 'brand' },
  secondary: { variant: 'light', color: 'brand' },
  standard: { variant: 'default' },
  // red.8: white on it reads at 4.5:1 (WCAG AA); Mantine's red.6 does not.
  danger: { variant: 'filled', color: 'red.8' },
  icon: { variant: 'subtle', color: 'gray' },
  emphasized: { variant: 'gradient', gradient: { from: 'brand.7', to: 'violet.6', deg: 120 } },
};

export type ButtonProps = Omit<MantineButtonProps, 'variant' | 'color'> & { variant?: ButtonVariant };

const ButtonBase = forwardRef<HTMLButtonElement, ButtonProps>(({ variant = 'primary', ...props }, ref) => (
  <MantineButton ref={ref} {...VARIANTS[variant]} {...props} />
));

/** Mantine's Button with the specification's variant names; polymorphic (`component={Link}`). */
export const Button = createPolymorphicComponent<'button', ButtonProps>(ButtonBase);

/** An icon-only button; the label is required so it is announced and can be found by role. */
export const IconButton = forwardRef<
  HTMLButtonElement,
  Omit<ActionIconProps, 'variant' | 'color'> &
    Omit<ComponentPropsWithoutRef<'button'>, keyof ActionIconProps> & {
      label: string;
      children: ReactNode;
      variant?: ButtonVariant;
    }
>(({ label, children, variant = 'icon', ...props }, ref) => (
  <ActionIcon ref={ref} aria-label={label} title={label} {...VARIANTS[variant]} {...props}>
    {children}
  </ActionIcon>
));
