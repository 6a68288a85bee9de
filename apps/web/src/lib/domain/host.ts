/**
 * Tenancy by host name: `{subdomain}.{APP_DOMAIN}` serves an organization's dashboard, the bare
 * APP_DOMAIN serves login and registration (architecture §4).
 */
export type HostInfo = {
  /** Host name of the bare domain, without port (e.g. `localhost`). */
  baseHostname: string;
  /** The current subdomain label, or null on the bare domain. */
  subdomain: string | null;
};

export const parseHost = (hostname: string, appDomain?: string): HostInfo => {
  const host = hostname.toLowerCase();
  const configured = appDomain?.trim().toLowerCase().replace(/:\d+$/, '');
  let base: string;
  if (configured) base = configured;
  else if (host === 'localhost' || host.endsWith('.localhost')) base = 'localhost';
  else if (/^[\d.]+$/.test(host) || host.split('.').length <= 2) base = host;
  else base = host.split('.').slice(1).join('.');
  if (host === base || !host.endsWith(`.${base}`)) return { baseHostname: base, subdomain: null };
  const rest = host.slice(0, -(base.length + 1));
  // Only the label directly in front of the base domain names the tenant.
  const labels = rest.split('.');
  return { baseHostname: base, subdomain: labels[labels.length - 1] || null };
};

const appDomainEnv = (): string | undefined => import.meta.env.VITE_APP_DOMAIN;

export const currentHost = (): HostInfo => parseHost(window.location.hostname, appDomainEnv());

const portSuffix = () => (window.location.port ? `:${window.location.port}` : '');

/** `localhost:3000`: the bare domain with the port the app is served on. */
export const bareDomainWithPort = () => `${currentHost().baseHostname}${portSuffix()}`;

export const bareDomainUrl = (path: string) => `${window.location.protocol}//${bareDomainWithPort()}${path}`;

export const subdomainUrl = (subdomain: string, path: string) =>
  `${window.location.protocol}//${subdomain}.${bareDomainWithPort()}${path}`;
