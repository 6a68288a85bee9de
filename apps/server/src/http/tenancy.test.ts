import { describe, expect, it } from 'vitest';
import { subdomainOf } from './tenancy.ts';

describe('subdomainOf', () => {
  it('reads the organization label before the app domain, ignoring ports', () => {
    expect(subdomainOf('demo.localhost:3000', 'localhost:3000')).toBe('demo');
    expect(subdomainOf('Demo.LOCALHOST:8080', 'localhost:3000')).toBe('demo');
    // A fully qualified name with its trailing dot is the same host.
    expect(subdomainOf('demo.localhost.:3000', 'localhost:3000')).toBe('demo');
  });
  it('is null on the bare domain, foreign hosts and nested labels', () => {
    expect(subdomainOf('localhost:3000', 'localhost:3000')).toBeNull();
    expect(subdomainOf('evil.com', 'localhost:3000')).toBeNull();
    expect(subdomainOf('a.b.localhost:3000', 'localhost:3000')).toBeNull();
    expect(subdomainOf('demolocalhost:3000', 'localhost:3000')).toBeNull();
    expect(subdomainOf(undefined, 'localhost:3000')).toBeNull();
  });
});
