import { BOOKING_PHASE_LABELS } from '@excursio/contract/bookings';
import { ATTENDANCE_STATUS_LABELS } from '@excursio/contract/orders';
import { QR_CODE_TYPE_LABELS, type QrCode } from '@excursio/contract/qr-codes';
import { groupShortCode } from '@excursio/contract/tickets';
import { Alert, Anchor, Box, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconExternalLink, IconPencil, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { CopyField } from '../../../components/copy-field.tsx';
import { formatDisplayDate } from '../../../lib/format/format.ts';
import { useDownloadQrImageMutation, useQrCodeSvgQuery } from '../api.ts';

// The chart library (recharts) loads with the first opened code, not with the list.
const ScansChart = lazy(() => import('./scans-chart.tsx').then((m) => ({ default: m.ScansChart })));

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" component="div">
      {children}
    </Text>
  </Stack>
);

/** The code as the download draws it (the server's SVG, shown as an image: nothing of it runs). */
const Preview = ({ code }: { code: QrCode }) => {
  const { data: svg } = useQrCodeSvgQuery(code.id);
  return (
    <Box w={200} h={200} mx="auto" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
      {svg ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          width={198}
          height={198}
          alt={`QR code ${groupShortCode(code.code)}`}
          style={{ display: 'block', borderRadius: 8 }}
        />
      ) : (
        <Skeleton w={198} h={198} />
      )}
    </Box>
  );
};

const Downloads = ({ code }: { code: QrCode }) => {
  const [download, { isLoading, originalArgs }] = useDownloadQrImageMutation();
  const busy = (format: 'png' | 'svg') => isLoading && originalArgs?.format === format;
  return (
    <Stack gap={4}>
      <Group grow gap="xs">
        {(['png', 'svg'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            leftSection={<IconDownload size={16} />}
            loading={busy(format)}
            disabled={isLoading && !busy(format)}
            onClick={() => download({ id: code.id, format })}
          >
            Download {format.toUpperCase()}
          </Button>
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        PNG: 1200 × 1200 px, 10 cm wide at 300 dpi. SVG: sharp at any size, for print shops.
      </Text>
    </Stack>
  );
};

/** Where a link leads now (and why not where it was made to), or a ticket's booking. */
const Target = ({ code }: { code: QrCode }) => {
  if (code.booking) {
    const b = code.booking;
    return (
      <>
        <Field label="Booking">
          <Anchor component={Link} to={`/orders/editor/${b.order_id}/booking/${b.id}`} size="sm">
            {b.order_reference} · {b.experience_title}
          </Anchor>
        </Field>
        <Field label="Starts">
          {new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short', timeZone: b.time_zone }).format(
            new Date(b.starts_at),
          )}
        </Field>
        <Field label="State">
          {BOOKING_PHASE_LABELS[b.status]} · {ATTENDANCE_STATUS_LABELS[b.attendance_status]}
          {code.checked_in_at ? ` (scanned ${formatDisplayDate(code.checked_in_at)})` : ''}
        </Field>
      </>
    );
  }
  return (
    <>
      <Field label="Leads to">
        {code.target_url ? (
          <Anchor href={code.target_url} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <span>
                {code.experience && code.type === 'offer' ? code.experience.title : (code.store?.name ?? 'Default store')}
              </span>
              <IconExternalLink size={14} aria-hidden style={{ flex: 'none' }} />
            </Group>
          </Anchor>
        ) : (
          'Nowhere at the moment'
        )}
      </Field>
      {code.target_problem ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
          <Text size="sm">{code.target_problem}</Text>
        </Alert>
      ) : null}
    </>
  );
};

/** A code opened from the list: preview, downloads, where it leads, its scans; edit and delete for links. */
export const QrCodeDrawer = ({
  code,
  onClose,
  onEdit,
  onDelete,
}: {
  code: QrCode | null;
  onClose: () => void;
  onEdit: (code: QrCode) => void;
  onDelete: (code: QrCode) => void;
}) => (
  <Drawer opened={code !== null} onClose={onClose} title={code?.name || 'QR code'} position="right" size="md">
    {code ? (
      <Stack gap="md">
        <Preview code={code} />
        <Text ta="center" ff="monospace" fw={600} size="lg" data-testid="short-code">
          {groupShortCode(code.code)}
        </Text>
        <Downloads code={code} />
        <Field label="Type">{QR_CODE_TYPE_LABELS[code.type]}</Field>
        <Target code={code} />
        <CopyField label="Address" value={code.short_url} />
        {code.type === 'ticket' ? null : (
          <Suspense fallback={<Skeleton h={200} />}>
            <ScansChart id={code.id} total={code.scans} />
          </Suspense>
        )}
        {code.type === 'ticket' ? (
          <Text size="sm" c="dimmed">
            Tickets come with their bookings and cannot be changed here; canceling the booking makes the ticket invalid.
          </Text>
        ) : (
          <Group gap="xs">
            <Button variant="standard" leftSection={<IconPencil size={16} />} onClick={() => onEdit(code)}>
              Edit
            </Button>
            <Button variant="danger" leftSection={<IconTrash size={16} />} onClick={() => onDelete(code)}>
              Delete
            </Button>
          </Group>
        )}
      </Stack>
    ) : null}
  </Drawer>
);
