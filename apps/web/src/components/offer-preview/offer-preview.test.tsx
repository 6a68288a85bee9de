// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../lib/theme.ts';
import { OfferPreview, type OfferPreviewData } from './offer-preview.tsx';

const offer: OfferPreviewData = {
  title: 'Old town walk',
  category: 'tours',
  subcategory: 'walking-tours',
  address: '',
  city: 'Munich',
  country_code: 'DE',
  duration_minutes: 150,
  languages: ['en', 'de'],
  min_group_size: 1,
  max_group_size: 12,
  from_price: 4550,
  currency: 'EUR',
  short_description: 'The city in two hours.',
  description: 'First paragraph.\n\nSecond paragraph.',
  highlights: ['Frauenkirche'],
  included: ['Guide'],
  not_included: [],
  what_to_bring: [],
  important_information: '',
  images: [
    { id: 'b', position: 1, alt_text: 'Second', urls: { medium: '/m2.webp', large: '/l2.webp' } },
    { id: 'a', position: 0, alt_text: 'First', urls: { medium: '/m1.webp', large: '/l1.webp' } },
  ],
};

const renderPreview = (props: Partial<Parameters<typeof OfferPreview>[0]> = {}) =>
  render(
    <MantineProvider theme={theme}>
      <OfferPreview offer={offer} {...props} />
    </MantineProvider>,
  );

describe('OfferPreview', () => {
  afterEach(cleanup);

  it('shows the facts, the price with two decimals and only the filled sections', () => {
    renderPreview();
    expect(screen.getByRole('heading', { level: 1, name: 'Old town walk' })).toBeTruthy();
    expect(screen.getByText('Tours · Walking tours')).toBeTruthy();
    expect(screen.getByText('Munich, Germany')).toBeTruthy();
    expect(screen.getByText('2 h 30 min')).toBeTruthy();
    expect(screen.getByText('English, German')).toBeTruthy();
    expect(screen.getByText('Up to 12 people')).toBeTruthy();
    expect(screen.getByText('€45.50')).toBeTruthy();
    expect(screen.getByText('Second paragraph.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Included' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Not included' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Meeting point' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Videos' })).toBeNull();
  });

  it("names the pricing category of the 'from' price", () => {
    renderPreview({ offer: { ...offer, from_price: 3500, from_price_category: 'Adult' } });
    expect(screen.getByText('€35.00')).toBeTruthy();
    expect(screen.getByText('per Adult')).toBeTruthy();
  });

  it('orders the gallery by position, large first', () => {
    renderPreview();
    const sources = screen.getAllByRole('img').map((img) => img.getAttribute('src'));
    expect(sources.slice(0, 2)).toEqual(['/l1.webp', '/m2.webp']);
  });

  it('shows a placeholder without images, and the booking parts when given', () => {
    renderPreview({
      offer: { ...offer, images: [], from_price: null },
      agenda: [{ id: 'x', title: 'Start at the fountain', description: '', duration_minutes: 15, position: 0 }],
      meetingPoint: {
        name: 'Fish fountain',
        address: 'Marienplatz',
        instructions: 'Look for the red umbrella.',
        latitude: 48.1,
        longitude: 11.5,
      },
      cancellationPolicy: { tiers: [{ hours_before: 24, refund_percent: 100 }] },
      videos: [{ id: 'v', title: 'Teaser', embed_url: 'https://www.youtube-nocookie.com/embed/abc' }],
    });
    expect(screen.getByRole('img', { name: 'No images yet' })).toBeTruthy();
    expect(screen.getByText('Price on request')).toBeTruthy();
    expect(screen.getByText('Start at the fountain')).toBeTruthy();
    expect(screen.getByText('Look for the red umbrella.')).toBeTruthy();
    expect(screen.getByText('Full refund up to 24 hours before the start, then no refund.')).toBeTruthy();
    expect(screen.getByTitle('Teaser').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc');
  });
});
