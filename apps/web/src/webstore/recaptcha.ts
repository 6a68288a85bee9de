/** Google reCAPTCHA v3, loaded only on the checkout of a store that asks for it. */

type Grecaptcha = { ready: (cb: () => void) => void; execute: (key: string, options: { action: string }) => Promise<string> };
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | null = null;

export const loadRecaptcha = (siteKey: string): Promise<Grecaptcha> => {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () =>
      window.grecaptcha ? window.grecaptcha.ready(() => resolve(window.grecaptcha as Grecaptcha)) : reject();
    script.onerror = () => {
      loading = null;
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.append(script);
  });
  return loading;
};

export const recaptchaToken = async (siteKey: string) => (await loadRecaptcha(siteKey)).execute(siteKey, { action: 'checkout' });
