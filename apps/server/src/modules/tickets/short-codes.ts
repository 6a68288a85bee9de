import { randomInt } from 'node:crypto';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@excursio/contract/tickets';
import { baseUrl, type Config } from '../../config.ts';

/** A new short code: 12 characters drawn uniformly from Crockford's base32 by the system's CSPRNG. */
export const newShortCode = () => {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i += 1) code += SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)];
  return code;
};

/** The address behind every QR code: `{organization's address}/api/o/{code}/`. */
export const shortUrl = (config: Config, subdomain: string, code: string) => `${baseUrl(config, subdomain)}/api/o/${code}/`;

/** What a ticket's QR code holds: its short address with the signed token as the fragment. */
export const ticketContent = (config: Config, subdomain: string, code: string, token: string) =>
  `${shortUrl(config, subdomain, code)}#${token}`;
