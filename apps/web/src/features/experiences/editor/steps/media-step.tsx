import type { Experience } from '@excursio/contract/experiences';
import { Stack } from '@mantine/core';
import { EditorFooter } from '../editor-footer.tsx';
import { ImageGallery } from '../media/image-gallery.tsx';
import { ImageUpload } from '../media/image-upload.tsx';
import { VideosSection } from '../media/videos-section.tsx';
import { StepSection } from '../pricing/step-section.tsx';

/** Media step: upload and order the offer's images (the first is the cover) and add videos; all save themselves. */
export function MediaStep({ experience }: { experience: Experience }) {
  const count = experience.images.length;
  return (
    <Stack gap="lg">
      <StepSection
        title="Images"
        description={
          count === 0
            ? 'Add at least one image before the offer can go live.'
            : `${count} image${count === 1 ? '' : 's'}. Drag them, or use the arrows, to change the order: the first one is the cover.`
        }
      >
        <Stack gap="md">
          <ImageUpload experienceId={experience.id} />
          <ImageGallery experience={experience} />
        </Stack>
      </StepSection>
      <StepSection title="Videos" description="Link videos from YouTube or Vimeo; they are shown on the offer page.">
        <VideosSection experienceId={experience.id} />
      </StepSection>
      <EditorFooter experienceId={experience.id} step="media" />
    </Stack>
  );
}
