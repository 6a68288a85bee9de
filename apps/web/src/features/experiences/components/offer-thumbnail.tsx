import { Center } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';

/** An offer's image, or the placeholder when it has none or the image fails to load. */
export const OfferThumbnail = ({ url, size = 44, alt = '' }: { url: string | null; size?: number; alt?: string }) => {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, borderRadius: 6, flex: 'none' } as const;
  if (!url || failed) {
    return (
      <Center style={style} bg="var(--mantine-color-default-hover)" c="dimmed" data-testid="thumbnail-placeholder" aria-hidden>
        <IconPhoto size={size * 0.45} stroke={1.5} />
      </Center>
    );
  }
  return <img src={url} alt={alt} style={{ ...style, objectFit: 'cover' }} loading="lazy" onError={() => setFailed(true)} />;
};
