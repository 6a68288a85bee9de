import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyResolver } from './lazy-resolver.ts';

type Values = { email: string };
const real = zodResolver(z.object({ email: z.email({ error: 'Enter a valid email address.' }) })) as Resolver<Values>;
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads the real resolver on the first validation only, then answers as it does', async () => {
    const load = vi.fn(async () => real);
    const resolver = lazyResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();
    const invalid = await resolver({ email: 'anna' }, undefined, options);
    expect(invalid.errors.email?.message).toBe('Enter a valid email address.');
    const valid = await resolver({ email: 'anna@example.test' }, undefined, options);
    expect(valid.values).toEqual({ email: 'anna@example.test' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after it failed (e.g. the chunk could not be fetched)', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(real);
    const resolver = lazyResolver<Values>(load);
    await expect(resolver({ email: 'anna' }, undefined, options)).rejects.toThrow('offline');
    const result = await resolver({ email: 'anna' }, undefined, options);
    expect(result.errors.email?.message).toBe('Enter a valid email address.');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
