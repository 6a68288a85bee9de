import { Group, Skeleton, Stack } from '@mantine/core';

/** While the offer loads: the header's shape, then a step's. */
export const EditorSkeleton = () => (
  <Stack gap="md" aria-busy="true" aria-label="Loading the offer">
    <Skeleton height={14} width={90} />
    <Skeleton height={28} width="40%" />
    <Skeleton height={40} />
    <StepSkeleton />
  </Stack>
);

/** While a step (or its data) loads: two section cards and the footer, never an empty page. */
export const StepSkeleton = () => (
  <Stack gap="lg" aria-busy="true" aria-label="Loading the step" data-testid="step-skeleton">
    <Skeleton height={180} radius="md" />
    <Skeleton height={140} radius="md" />
    <Group justify="space-between">
      <Skeleton height={36} width={80} radius="md" />
      <Skeleton height={36} width={160} radius="md" />
    </Group>
  </Stack>
);
