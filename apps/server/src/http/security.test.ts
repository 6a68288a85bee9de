import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/app.ts';
import { securityHeaders } from './security.ts';

describe('content security policy', () => {
  it('allows Google’s reCAPTCHA script and frame only when the server has reCAPTCHA keys', () => {
    const off = securityHeaders(testConfig())['content-security-policy'];
    expect(off).toContain("script-src 'self';");
    expect(off).not.toContain('google');
    const on = securityHeaders(testConfig({ RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET_KEY: 'secret' }))[
      'content-security-policy'
    ];
    expect(on).toContain("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;");
    expect(on).toMatch(/frame-src [^;]*https:\/\/www\.google\.com\/recaptcha\//);
    expect(on).toContain("frame-ancestors 'none'");
  });
});
