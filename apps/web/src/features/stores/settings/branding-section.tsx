import type { Store } from '@excursio/contract/stores';
import { ColorInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { FormCard } from './form-card.tsx';
import type { SettingsForm } from './general-section.tsx';
import { ImagePicker } from './image-picker.tsx';

const SWATCHES = ['#1c7ed6', '#0c8599', '#2f9e44', '#e8590c', '#c2255c', '#6741d9', '#212529'];

/** What visitors see: headline, description, logo, hero picture and accent colour. */
export const BrandingSection = ({ form, store }: { form: SettingsForm; store: Store }) => {
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
    <FormCard title="Branding" description="How the webstore looks to visitors.">
      <TextInput label="Headline" {...register('headline')} error={errors.headline?.message} />
      <Textarea label="Description" autosize minRows={3} {...register('description')} error={errors.description?.message} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={control}
          name="logo_image_id"
          render={({ field }) => (
            <ImagePicker
              label="Logo"
              description="Shown at the top of every page."
              value={field.value}
              currentUrls={store.logo?.id === field.value ? store.logo.urls : null}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="hero_image_id"
          render={({ field }) => (
            <ImagePicker
              label="Hero picture"
              description="The large picture on the store’s front page."
              value={field.value}
              currentUrls={store.hero?.id === field.value ? store.hero.urls : null}
              onChange={field.onChange}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="accent_color"
        render={({ field, fieldState }) => (
          <ColorInput
            label="Accent colour"
            description="Buttons and links in the webstore."
            format="hex"
            swatches={SWATCHES}
            eyeDropperButtonProps={{ 'aria-label': 'Pick the accent colour from the screen' }}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            maw={260}
          />
        )}
      />
    </FormCard>
  );
};

/** How visitors reach the organization, and its legal pages. */
export const ContactSection = ({ form }: { form: SettingsForm }) => {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <FormCard title="Contact and legal" description="Shown in the webstore’s footer and in the checkout.">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Contact email" type="email" {...register('contact_email')} error={errors.contact_email?.message} />
        <TextInput label="Contact phone" type="tel" {...register('contact_phone')} error={errors.contact_phone?.message} />
        <TextInput
          label="Terms and conditions (link)"
          placeholder="https://"
          {...register('terms_url')}
          error={errors.terms_url?.message}
        />
        <TextInput
          label="Privacy policy (link)"
          placeholder="https://"
          {...register('privacy_url')}
          error={errors.privacy_url?.message}
        />
      </SimpleGrid>
    </FormCard>
  );
};
