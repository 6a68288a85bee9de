import { describe, expect, it } from 'vitest';
import { baseUrl, loadConfig } from './config.ts';

const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/excursio-config-test' };

describe('configuration', () => {
  it('organizations live on localhost at the server’s own port unless APP_DOMAIN says otherwise', () => {
    expect(baseUrl(loadConfig(base), 'demo')).toBe('http://demo.localhost:3000');
    expect(baseUrl(loadConfig({ ...base, PORT: '3600' }), 'demo')).toBe('http://demo.localhost:3600');
    const behindProxy = loadConfig({ ...base, PORT: '3600', APP_DOMAIN: 'excursio.example', APP_PROTOCOL: 'https' });
    expect(baseUrl(behindProxy, 'demo')).toBe('https://demo.excursio.example');
  });

  it('refuses an empty APP_DOMAIN with a readable error', () => {
    expect(() => loadConfig({ ...base, APP_DOMAIN: '' })).toThrow(/APP_DOMAIN/);
  });
});
