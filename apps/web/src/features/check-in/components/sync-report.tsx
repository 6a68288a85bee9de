import { Alert, CloseButton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowsDiff } from '@tabler/icons-react';
import type { SyncedCheckIn } from '../offline/check-in-store.ts';

/**
 * What the guide must know from the syncs: check-ins that conflicted with one on another device
 * (the earliest counts) and those the server refused (canceled meanwhile, forged, a wrong clock).
 * Each stays until the guide has read it.
 */
export const SyncReport = ({ synced, onDismiss }: { synced: readonly SyncedCheckIn[]; onDismiss: (id: string) => void }) => {
  const notable = synced.filter((s) => !s.dismissed && (s.result.result !== 'checked_in' || s.result.replaced));
  if (!notable.length) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Sync report">
      <Title order={2} fz="md" fw={600}>
        Sync report
      </Title>
      {notable.map((s) => {
        const refused = s.result.result === 'refused';
        return (
          <Alert
            key={s.client_event_id}
            color={refused ? 'red' : 'orange'}
            variant="light"
            icon={refused ? <IconAlertTriangle size={18} /> : <IconArrowsDiff size={18} />}
            title={
              refused
                ? `Not checked in · ${groupCode(s.code)}`
                : s.result.result === 'already_checked_in'
                  ? `Conflict · ${groupCode(s.code)}`
                  : `Checked in first · ${groupCode(s.code)}`
            }
            withCloseButton={false}
            data-testid="sync-report-item"
          >
            <Stack gap={4} style={{ position: 'relative', paddingRight: 28 }}>
              {s.result.detail}
              <CloseButton
                aria-label="Dismiss"
                size="sm"
                style={{ position: 'absolute', top: -2, right: -4 }}
                onClick={() => onDismiss(s.client_event_id)}
              />
            </Stack>
          </Alert>
        );
      })}
    </Stack>
  );
};

const groupCode = (code: string) => {
  const plain = code.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return plain.match(/.{1,4}/g)?.join('-') ?? code;
};
