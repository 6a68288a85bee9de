import { PRICING_CATEGORY_TYPE_LABELS, type PricingCategory } from '@excursio/contract/pricing';
import { Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../../components/button.tsx';
import { PricingCategoryModal } from '../../../../components/pricing-category-modal/pricing-category-modal.tsx';
import { SectionNote, StepSection } from './step-section.tsx';

export const formatAges = (category: Pick<PricingCategory, 'min_age' | 'max_age'>) => {
  const { min_age: min, max_age: max } = category;
  if (min === null && max === null) return 'Any age';
  if (min !== null && max !== null) return `${min}–${max} years`;
  return min !== null ? `${min}+ years` : `Up to ${max} years`;
};

/**
 * The account's pricing categories (shared by all offers), marking the ones this offer's rates
 * price; new ones can be added without leaving the editor.
 */
export const PricingCategoriesSection = ({
  categories,
  loading,
  usedIds,
}: {
  categories: PricingCategory[];
  loading: boolean;
  usedIds: Set<string>;
}) => {
  const [creating, setCreating] = useState(false);
  return (
    <StepSection
      title="Pricing categories"
      description="Who or what a rate is priced for. Categories are shared by all offers of your organization."
      action={
        <Button variant="secondary" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New pricing category
        </Button>
      }
    >
      {loading ? (
        <Stack gap="xs">
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      ) : categories.length === 0 ? (
        <SectionNote>There are no pricing categories yet. Add one (e.g. Adult, Child) before creating a rate.</SectionNote>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing={6} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Ages</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {categories.map((category) => (
                <Table.Tr key={category.id}>
                  <Table.Td>
                    <Group gap={4}>
                      <Text size="sm" fw={500}>
                        {category.name}
                      </Text>
                      {usedIds.has(category.id) ? (
                        <Badge size="xs" variant="light" color="teal" title="Priced by a rate of this offer">
                          In this offer
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{PRICING_CATEGORY_TYPE_LABELS[category.type]}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {formatAges(category)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PricingCategoryModal category={creating ? null : undefined} onClose={() => setCreating(false)} />
    </StepSection>
  );
};
