import { describe, expect, it } from 'vitest';
import { bookedListenerSnippet, embedSnippet } from './embed-snippet.ts';

describe('the embeddable widget', () => {
  it('is an iframe of the offer’s page under the store’s address', () => {
    expect(embedSnippet('http://demo.localhost:3000/s/lake/', { id: 'abc', title: 'Sunset kayak' })).toBe(
      '<iframe src="http://demo.localhost:3000/s/lake/embed/offers/abc" title="Book Sunset kayak" ' +
        'style="width:100%;min-height:720px;border:0" loading="lazy"></iframe>',
    );
  });

  it('escapes an offer title that would break the attribute', () => {
    expect(embedSnippet('https://a.test/s/x', { id: '1', title: 'Fish & "Chips" <b>' })).toContain(
      'src="https://a.test/s/x/embed/offers/1" title="Book Fish &amp; &quot;Chips&quot; &lt;b>"',
    );
  });

  it('listens only to messages from the store’s origin', () => {
    const snippet = bookedListenerSnippet('https://demo.excursio.app/s/lake/');
    expect(snippet).toContain("event.origin !== 'https://demo.excursio.app'");
    expect(snippet).toContain("'excursio:booking-completed'");
  });
});
