import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Experience } from '@excursio/contract/experiences';
import { MESSAGES } from '@excursio/contract/messages';
import { AspectRatio, Badge, Box, Group, Image, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { IconButton } from '../../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../../components/confirm-dialog.tsx';
import { useRemoveExperienceImageMutation, useReorderExperienceImagesMutation } from '../../../../lib/api/catalog.api.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { moveId, orderKey, type PendingOrder, shownOrder } from './gallery-order.ts';

type GalleryImage = Experience['images'][number];

export const thumbnailUrl = (image: GalleryImage) =>
  image.urls.thumb ?? image.urls.medium ?? image.urls.large ?? Object.values(image.urls)[0] ?? '';

const SortableImage = ({
  image,
  index,
  count,
  onMove,
  onRemove,
}: {
  image: GalleryImage;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: image.id,
  });
  const label = image.alt_text || `Image ${index + 1}`;
  return (
    <Paper
      ref={setNodeRef}
      component="li"
      withBorder
      radius="md"
      p={6}
      aria-label={`${label}${index === 0 ? ' (cover)' : ''}, position ${index + 1} of ${count}`}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
        opacity: isDragging ? 0.9 : 1,
        listStyle: 'none',
      }}
    >
      <Box pos="relative">
        <AspectRatio ratio={4 / 3}>
          <Image src={thumbnailUrl(image)} alt={label} radius="sm" fit="cover" loading="lazy" draggable={false} />
        </AspectRatio>
        {index === 0 ? (
          <Badge pos="absolute" top={6} left={6} size="sm" variant="filled" color="dark">
            Cover
          </Badge>
        ) : null}
      </Box>
      <Group justify="space-between" gap={2} mt={6} wrap="nowrap">
        <IconButton
          ref={setActivatorNodeRef}
          label={`Drag ${label} to reorder`}
          style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} />
        </IconButton>
        <Group gap={2} wrap="nowrap">
          <IconButton label={`Move ${label} left`} disabled={index === 0} onClick={() => onMove(index - 1)}>
            <IconArrowLeft size={16} />
          </IconButton>
          <IconButton label={`Move ${label} right`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
            <IconArrowRight size={16} />
          </IconButton>
          <IconButton label={`Remove ${label}`} onClick={onRemove}>
            <IconTrash size={16} />
          </IconButton>
        </Group>
      </Group>
    </Paper>
  );
};

/**
 * The offer's images in order; the first is the cover. Reordering (drag, or the move buttons) is
 * saved at once and shown before the server answers; a refusal puts the old order back.
 */
export const ImageGallery = ({ experience }: { experience: Experience }) => {
  const serverImages = useMemo(() => [...experience.images].sort((a, b) => a.position - b.position), [experience.images]);
  const serverIds = serverImages.map((image) => image.id);
  const [pending, setPending] = useState<PendingOrder | null>(null);
  const [reorder] = useReorderExperienceImagesMutation();
  const [removeImage] = useRemoveExperienceImageMutation();
  const removal = useConfirmDelete<GalleryImage>((imageId) => removeImage({ id: experience.id, imageId }));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const ids = shownOrder(serverIds, pending);
  const byId = new Map(serverImages.map((image) => [image.id, image]));
  const images = ids.map((id) => byId.get(id)).filter((image): image is GalleryImage => image !== undefined);

  const save = async (next: string[]) => {
    if (orderKey(next) === orderKey(ids)) return;
    const base = orderKey(serverIds);
    setPending({ ids: next, base });
    const result = await reorder({ id: experience.id, image_ids: next });
    if (result.error) {
      // Roll back (the base query has shown the refusal).
      setPending((current) => (current?.base === base ? null : current));
      return;
    }
    notifySuccess(MESSAGES.updated);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    void save(moveId(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  if (images.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No images yet. The first image you upload becomes the offer’s cover.
      </Text>
    );
  }

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable: 'To reorder, press space or enter, move with the arrow keys, then press space or enter again to drop.',
          },
        }}
      >
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          <SimpleGrid component="ul" cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="sm" p={0} m={0} aria-label="Images">
            {images.map((image, index) => (
              <SortableImage
                key={image.id}
                image={image}
                index={index}
                count={images.length}
                onMove={(to) => void save(moveId(ids, index, to))}
                onRemove={() => removal.ask(image)}
              />
            ))}
          </SimpleGrid>
        </SortableContext>
      </DndContext>
      <ConfirmDialog
        {...removal.dialog}
        title="Remove image"
        message="Remove this image from the offer? This cannot be undone."
        confirmLabel="Remove"
      />
    </>
  );
};
