// The schema object handed to drizzle (relational queries) and drizzle-kit. Not a barrel for app code:
// repositories import tables from their own schema files.
export * from './accounts.ts';
export * from './analytics.ts';
export * from './api-keys.ts';
export * from './audit.ts';
export * from './availability.ts';
export * from './carts.ts';
export * from './catalog.ts';
export * from './customers.ts';
export * from './home.ts';
export * from './integrations.ts';
export * from './inventory.ts';
export * from './invoices.ts';
export * from './media.ts';
export * from './messages.ts';
export * from './notifications.ts';
export * from './partners.ts';
export * from './payments.ts';
export * from './product-configuration.ts';
export * from './qr-codes.ts';
export * from './sales.ts';
export * from './stores.ts';
export * from './team.ts';
export * from './users.ts';
