/** The offer's photos: a swipeable strip (scroll snap), arrows from the tablet up, a counter. */
import type { WebstoreExperience } from '@excursio/contract/webstore';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Picture } from './ui.tsx';

export const Gallery = ({ images, title }: { images: WebstoreExperience['images']; title: string }) => {
  const { t } = useTranslation();
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  if (images.length === 0) return null;

  const go = (index: number) => {
    const el = strip.current;
    if (!el) return;
    el.scrollTo({ left: el.clientWidth * index, behavior: 'smooth' });
  };
  const onScroll = () => {
    const el = strip.current;
    if (el) setCurrent(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
  };

  return (
    <section className="gallery" aria-label={t('offer.photos')}>
      {/* Focusable, so the arrow keys scroll it too (a swipe on a phone). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <ul className="gallery__strip" ref={strip} onScroll={onScroll} tabIndex={0} aria-label={t('offer.photos')}>
        {images.map((image, index) => (
          <li key={image.id} className="gallery__item">
            <Picture
              image={{ ...image, alt_text: image.alt_text || (index === 0 ? title : '') }}
              sizes="(min-width: 1100px) 680px, 100vw"
              eager={index === 0}
              prefer={index === 0 ? 'medium' : 'medium'}
            />
          </li>
        ))}
      </ul>
      {images.length > 1 && (
        <div className="gallery__controls">
          <button
            type="button"
            className="icon-button"
            aria-label={t('offer.previousPhoto')}
            disabled={current === 0}
            onClick={() => go(current - 1)}
          >
            ‹
          </button>
          <span className="gallery__count" aria-live="polite">
            {t('offer.photo', { n: current + 1, total: images.length })}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('offer.nextPhoto')}
            disabled={current >= images.length - 1}
            onClick={() => go(current + 1)}
          >
            ›
          </button>
        </div>
      )}
    </section>
  );
};
