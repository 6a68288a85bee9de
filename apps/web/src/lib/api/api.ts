import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query.ts';

/** The one RTK Query API; features add endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  tagTypes: [
    'Me',
    'AppInfo',
    'Role',
    'TeamMember',
    'BaseAccount',
    'SubscriptionTier',
    'SystemNotification',
    'OrganizationNotification',
    'NotificationPreferences',
    'Experience',
    'ExperienceOptions',
    'PricingCategory',
    'PricingRate',
    'StartTime',
    'InventoryItem',
    'InventoryCategory',
    'InventoryTag',
    'MeetingPoint',
    'CancellationPolicy',
    'BookingQuestion',
    'AgendaItem',
    'FilerFolder',
    'FilerImage',
    'Video',
    'Capacity',
    'Order',
    'Invoice',
    'Booking',
    'Customer',
    'Cart',
    // Partners and resales (features/partners, features/resales): the checkout's resale invalidates them too.
    'Partner',
    'PartnerOffer',
    'Resale',
    // Payments (features/payment-providers, features/subscription, features/test-mode).
    'PaymentConnection',
    'Reconciliation',
    'Subscription',
    'TestModePage',
    // API keys (features/api-keys).
    'ApiKey',
    // Product configuration and the messages sent to customers (features/product-configuration, orders).
    'ProductConfiguration',
    'OrderMessages',
    // The dashboard home's onboarding checklist (features/dashboard).
    'Onboarding',
    // Webhooks (features/webhooks).
    'WebhookEndpoint',
    'WebhookDelivery',
    // Calendar feeds (features/calendar-feeds).
    'CalendarFeed',
  ],
  endpoints: () => ({}),
});
