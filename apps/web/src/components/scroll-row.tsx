import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import classes from './scroll-row.module.css';

/**
 * Holds a row that may be wider than the screen (a filter's segments, an editor's tabs): it scrolls
 * sideways, and the side where more is hidden fades out with a chevron that scrolls there, so a cut
 * row is never mistaken for the whole. Nothing shows when everything fits.
 */
export const ScrollRow = ({ children, className, label }: { children: ReactNode; className?: string; label: string }) => {
  const row = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const update = () =>
      setMore((current) => {
        const next = { start: el.scrollLeft > 1, end: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
        return next.start === current.start && next.end === current.end ? current : next;
      });
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);
  const scroll = (direction: 1 | -1) =>
    row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.7, behavior: 'smooth' });
  return (
    <div className={classes.wrap} data-more-start={more.start || undefined} data-more-end={more.end || undefined}>
      <div ref={row} className={className ? `${classes.row} ${className}` : classes.row}>
        {children}
      </div>
      {more.start ? (
        <button
          type="button"
          className={classes.more}
          data-side="start"
          tabIndex={-1}
          aria-label={`Scroll ${label} back`}
          onClick={() => scroll(-1)}
        >
          <IconChevronLeft size={14} aria-hidden />
        </button>
      ) : null}
      {more.end ? (
        <button
          type="button"
          className={classes.more}
          data-side="end"
          tabIndex={-1}
          aria-label={`More ${label}`}
          onClick={() => scroll(1)}
        >
          <IconChevronRight size={14} aria-hidden />
        </button>
      ) : null}
    </div>
  );
};
