import { describe, expect, it } from 'vitest';
import { parseHost } from './host.ts';

describe('parseHost', () => {
  it('treats localhost as the bare domain', () => {
    expect(parseHost('localhost')).toEqual({ baseHostname: 'localhost', subdomain: null });
  });
  it('finds the subdomain in front of localhost', () => {
    expect(parseHost('demo.localhost')).toEqual({ baseHostname: 'localhost', subdomain: 'demo' });
  });
  it('uses the configured app domain and ignores its port', () => {
    expect(parseHost('acme.excursio.app', 'excursio.app:443')).toEqual({ baseHostname: 'excursio.app', subdomain: 'acme' });
    expect(parseHost('excursio.app', 'excursio.app')).toEqual({ baseHostname: 'excursio.app', subdomain: null });
  });
  it('falls back to the host minus its first label', () => {
    expect(parseHost('acme.excursio.app')).toEqual({ baseHostname: 'excursio.app', subdomain: 'acme' });
    expect(parseHost('excursio.app').subdomain).toBeNull();
    expect(parseHost('127.0.0.1').subdomain).toBeNull();
  });
});
