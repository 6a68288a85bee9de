import { groupShortCode } from '@excursio/contract/tickets';
import { Card, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { renderSVG } from 'uqr';
import { Button } from '../../../components/button.tsx';
import { useDownloadTicketPdfMutation, useGetBookingTicketQuery } from '../../../lib/api/tickets.api.ts';
import { formatDisplayDate } from '../../../lib/format/format.ts';

/**
 * A confirmed booking's ticket on its page: the QR code the customer got (show it on the phone to
 * a guide who scans it), the short code to type in, and the PDF to print or send again.
 */
export const TicketCard = ({ bookingId }: { bookingId: string }) => {
  const { data: ticket } = useGetBookingTicketQuery(bookingId);
  const [download, { isLoading }] = useDownloadTicketPdfMutation();
  if (!ticket) return null;
  const svg = renderSVG(ticket.content, { border: 2 });
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={600} mb="xs">
        Ticket
      </Text>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          width={148}
          height={148}
          alt={`Ticket QR code ${groupShortCode(ticket.code)}`}
          style={{
            display: 'block',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 6,
            background: 'white',
          }}
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
          <Text ff="monospace" fw={600} size="lg" data-testid="ticket-code">
            {groupShortCode(ticket.code)}
          </Text>
          <Text size="sm" c="dimmed">
            {ticket.checked_in_at
              ? `Checked in by scanning on ${formatDisplayDate(ticket.checked_in_at)}.`
              : 'Signed with your organization’s key: guides can check it even without a network.'}
          </Text>
          <Button
            variant="secondary"
            w="fit-content"
            leftSection={<IconDownload size={16} />}
            loading={isLoading}
            onClick={() => download({ bookingId })}
          >
            Download ticket (PDF)
          </Button>
        </Stack>
      </Group>
    </Card>
  );
};
