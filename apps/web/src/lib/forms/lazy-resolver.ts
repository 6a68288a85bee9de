import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver that loads the real one on the first validation instead of with the
 * page: a schema library (zod is ~25 KB gzip) is not needed to show a form, only to check it. A
 * failed load is tried again on the next validation.
 */
export const lazyResolver = <T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> => {
  let loading: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
};
