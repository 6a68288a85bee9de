import { Group, Image, Modal, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { IconButton } from '../button.tsx';
import classes from './offer-preview.module.css';

export type OfferImage = { id: string; position: number; alt_text: string; urls: Record<string, string> };

const GRID_TILES = 5;
const src = (image: OfferImage, size: 'medium' | 'large') =>
  image.urls[size] ?? image.urls.large ?? image.urls.medium ?? Object.values(image.urls)[0] ?? '';

/**
 * Hero gallery: a swipeable strip on phones, one large and up to four small tiles on wider
 * screens; any image opens a viewer with the large size.
 */
export const OfferGallery = ({ images, title }: { images: readonly OfferImage[]; title: string }) => {
  const [open, setOpen] = useState<number | null>(null);
  const ordered = [...images].sort((a, b) => a.position - b.position);
  if (ordered.length === 0) {
    return (
      <div className={classes.placeholder} role="img" aria-label="No images yet">
        <IconPhoto size={40} stroke={1.4} />
        <Text size="sm">No images yet</Text>
      </div>
    );
  }
  const alt = (image: OfferImage, index: number) => image.alt_text || `${title}, image ${index + 1}`;
  const tile = (image: OfferImage, index: number, size: 'medium' | 'large', extra?: number) => (
    <button
      key={image.id}
      type="button"
      className={classes.tile}
      onClick={() => setOpen(index)}
      aria-label={`Open image ${index + 1} of ${ordered.length}`}
    >
      <img src={src(image, size)} alt={alt(image, index)} loading={index === 0 ? 'eager' : 'lazy'} />
      {extra ? <span className={classes.more}>+{extra}</span> : null}
    </button>
  );
  const gridImages = ordered.slice(0, GRID_TILES);
  const hidden = ordered.length - gridImages.length;
  return (
    <div className={classes.galleryWrap}>
      <div className={classes.strip}>{ordered.map((image, index) => tile(image, index, index === 0 ? 'large' : 'medium'))}</div>
      {ordered.length > 1 && <span className={classes.counter}>{ordered.length} photos</span>}
      <div className={classes.grid} data-count={gridImages.length}>
        {gridImages.map((image, index) =>
          tile(
            image,
            index,
            index === 0 ? 'large' : 'medium',
            index === gridImages.length - 1 && hidden > 0 ? hidden : undefined,
          ),
        )}
      </div>
      <Modal opened={open !== null} onClose={() => setOpen(null)} size="xl" title={title} padding="sm">
        {open !== null && (
          <>
            <Image src={src(ordered[open], 'large')} alt={alt(ordered[open], open)} radius="sm" mah="75vh" fit="contain" />
            <Group justify="space-between" mt="sm">
              <IconButton label="Previous image" disabled={open === 0} onClick={() => setOpen(open - 1)}>
                <IconChevronLeft size={18} />
              </IconButton>
              <Text size="sm" c="dimmed">
                {open + 1} / {ordered.length}
              </Text>
              <IconButton label="Next image" disabled={open === ordered.length - 1} onClick={() => setOpen(open + 1)}>
                <IconChevronRight size={18} />
              </IconButton>
            </Group>
          </>
        )}
      </Modal>
    </div>
  );
};
