import type { WebstoreBookedMessage } from '@excursio/contract/webstore';

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** One offer's booking page of the store, without the store's header and footer (the widget). */
export const embedUrl = (storeUrl: string, offerId: string) =>
  `${storeUrl.endsWith('/') ? storeUrl : `${storeUrl}/`}embed/offers/${offerId}`;

/** The iframe that embeds one offer's booking page of the store on another website. */
export const embedSnippet = (storeUrl: string, offer: { id: string; title: string }) => {
  return (
    `<iframe src="${attr(embedUrl(storeUrl, offer.id))}" title="${attr(`Book ${offer.title}`)}" ` +
    'style="width:100%;min-height:720px;border:0" loading="lazy"></iframe>'
  );
};

/** The message type the widget posts (the contract's WebstoreBookedMessage). */
const BOOKED_TYPE: WebstoreBookedMessage['type'] = 'excursio:booking-completed';

/** How the page around the iframe learns that a booking was completed (the iframe's postMessage). */
export const bookedListenerSnippet = (storeUrl: string) => {
  const origin = new URL(storeUrl).origin;
  return [
    "window.addEventListener('message', (event) => {",
    `  if (event.origin !== '${origin}') return;`,
    `  if (event.data?.type !== '${BOOKED_TYPE}') return;`,
    '  // event.data: { type, reference, session_id, total (minor units, e.g. cents), currency }',
    "  console.log('Booked', event.data.reference);",
    '});',
  ].join('\n');
};
