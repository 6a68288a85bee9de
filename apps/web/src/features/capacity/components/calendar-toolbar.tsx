import { Group, Select, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Button, IconButton } from '../../../components/button.tsx';
import { ALL } from '../../../lib/list/list-params.ts';
import { monthTitle, shiftMonth, type YearMonth } from '../calendar-grid.ts';

export type OfferOption = { value: string; label: string };

/** Above the calendar: the month with previous / next and "Today", and the offer filter ('All offers' first). */
export const CalendarToolbar = ({
  month,
  onMonthChange,
  onToday,
  offers,
  offerId,
  onOfferChange,
}: {
  month: YearMonth;
  onMonthChange: (month: YearMonth) => void;
  onToday: () => void;
  offers: OfferOption[];
  offerId: string | undefined;
  onOfferChange: (value: string) => void;
}) => (
  <Group justify="space-between" gap="sm" wrap="wrap">
    <Group gap={6} wrap="nowrap">
      <IconButton label="Previous month" variant="standard" onClick={() => onMonthChange(shiftMonth(month, -1))}>
        <IconChevronLeft size={16} />
      </IconButton>
      <IconButton label="Next month" variant="standard" onClick={() => onMonthChange(shiftMonth(month, 1))}>
        <IconChevronRight size={16} />
      </IconButton>
      <Title order={2} fz={{ base: 'lg', sm: 'xl' }} miw={{ base: 0, sm: 190 }} ml={6} aria-live="polite">
        {monthTitle(month)}
      </Title>
      <Button variant="standard" size="xs" onClick={onToday} ml={4}>
        Today
      </Button>
    </Group>
    <Select
      aria-label="Offer"
      data={[{ value: ALL, label: 'All offers' }, ...offers]}
      value={offerId ?? ALL}
      allowDeselect={false}
      searchable={offers.length > 8}
      onChange={(value) => onOfferChange(value ?? ALL)}
      w={{ base: '100%', sm: 320 }}
      comboboxProps={{ withinPortal: true }}
    />
  </Group>
);
