import type { FilerImage } from '@excursio/contract/media';
import {
  AspectRatio,
  Box,
  Center,
  Group,
  Image,
  Input,
  Loader,
  Modal,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useListFilerImagesQuery } from '../../../lib/api/catalog.api.ts';

const PAGE_SIZE = 25;
const urlOf = (urls: Record<string, string>) => urls.thumb ?? urls.medium ?? Object.values(urls)[0] ?? '';

const forbidden = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && error.status === 403;

/** The media library (`/api/filer-images/`) as a grid of pictures; choosing one closes the dialog. */
const LibraryGrid = ({ selectedId, onPick }: { selectedId: string | null; onPick: (image: FilerImage) => void }) => {
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useListFilerImagesQuery({ page, page_size: PAGE_SIZE });
  if (forbidden(error)) {
    return (
      <Text size="sm">
        Choosing pictures from the media library needs the permission “Manage stores” or “Manage experiences”.
      </Text>
    );
  }
  if (!data) return isFetching ? <Loader size="sm" aria-label="Loading the media library" /> : null;
  if (data.count === 0) {
    return (
      <Text size="sm" c="dimmed">
        The media library is empty. Pictures uploaded in an offer’s Media step join the library and can be chosen here.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.results.map((image) => (
          <li key={image.id}>
            <UnstyledButton
              onClick={() => onPick(image)}
              aria-label={`Choose ${image.alt_text || image.original_name}`}
              aria-pressed={image.id === selectedId}
              w="100%"
              style={{
                borderRadius: 6,
                outline: image.id === selectedId ? '3px solid var(--mantine-primary-color-filled)' : undefined,
              }}
            >
              <AspectRatio ratio={4 / 3}>
                <Image src={urlOf(image.urls)} alt="" radius="sm" fit="cover" loading="lazy" />
              </AspectRatio>
              <Text size="xs" truncate mt={2}>
                {image.original_name}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
      {data.total_pages > 1 ? (
        <Pagination value={page} onChange={setPage} total={data.total_pages} size="sm" aria-label="Media library pages" />
      ) : null}
    </Stack>
  );
};

/**
 * A picture for the store (logo, hero) from the media library: the current one (or a placeholder),
 * "Choose…" and "Remove". The form holds the id; the preview shows the picked or stored picture.
 */
export const ImagePicker = ({
  label,
  description,
  value,
  currentUrls,
  onChange,
}: {
  label: string;
  description: string;
  value: string | null;
  /** The stored image's variants, for the preview until another one is picked. */
  currentUrls: Record<string, string> | null;
  onChange: (id: string | null) => void;
}) => {
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<FilerImage | null>(null);
  const previewUrl = value === null ? null : picked?.id === value ? urlOf(picked.urls) : currentUrls ? urlOf(currentUrls) : null;
  return (
    <Input.Wrapper label={label} description={description}>
      <Group gap="sm" mt={6} wrap="nowrap">
        <Box w={96} style={{ flex: 'none' }}>
          <AspectRatio ratio={4 / 3}>
            {previewUrl ? (
              <Image src={previewUrl} alt={`${label} preview`} radius="sm" fit="cover" />
            ) : (
              <Center
                bg="var(--mantine-color-default-hover)"
                style={{ borderRadius: 6 }}
                c="dimmed"
                role="img"
                aria-label={`No ${label.toLowerCase()}`}
              >
                <IconPhoto size={22} stroke={1.5} />
              </Center>
            )}
          </AspectRatio>
        </Box>
        <Group gap="xs">
          <Button variant="standard" size="xs" onClick={() => setOpened(true)} aria-label={`Choose ${label.toLowerCase()}`}>
            Choose…
          </Button>
          {value ? (
            <Button variant="standard" size="xs" onClick={() => onChange(null)} aria-label={`Remove ${label.toLowerCase()}`}>
              Remove
            </Button>
          ) : null}
        </Group>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Choose the ${label.toLowerCase()}`} size="lg">
        {opened ? (
          <LibraryGrid
            selectedId={value}
            onPick={(image) => {
              setPicked(image);
              onChange(image.id);
              setOpened(false);
            }}
          />
        ) : null}
      </Modal>
    </Input.Wrapper>
  );
};
