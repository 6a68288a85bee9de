import { AUDIT_ACTOR_KIND_LABELS, type AuditEntry, auditHeadline } from '@excursio/contract/audit';
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { formatDisplayDateTime } from '../../lib/format/format.ts';

const shown = (value: string | number | boolean | null) =>
  value === null || value === '' ? 'empty' : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);

/** One change in words: "Price (Adult) from 50.00 EUR to 55.00 EUR" (a creation says only what was set). */
export const AuditChange = ({ change, action }: { change: AuditEntry['changes'][number]; action: string }) => {
  if (action === 'created' || (change.from === null && action !== 'updated')) {
    return (
      <Text size="sm" component="span">
        {change.field}: <b>{shown(change.to)}</b>
      </Text>
    );
  }
  if (change.to === null && action === 'deleted') {
    return (
      <Text size="sm" component="span">
        {change.field} was <b>{shown(change.from)}</b>
      </Text>
    );
  }
  return (
    <Text size="sm" component="span">
      {change.field} from <b>{shown(change.from)}</b> to <b>{shown(change.to)}</b>
    </Text>
  );
};

/** What changed, one line per field. */
export const AuditChanges = ({ entry }: { entry: AuditEntry }) =>
  entry.changes.length ? (
    <List size="sm" spacing={2} withPadding={false} listStyleType="none">
      {entry.changes.map((change) => (
        <List.Item key={change.field}>
          <AuditChange change={change} action={entry.action} />
        </List.Item>
      ))}
    </List>
  ) : null;

/** Who, when and from where. */
export const AuditActorLine = ({ entry }: { entry: AuditEntry }) => (
  <Group gap={6} wrap="wrap">
    <Text size="xs" c="dimmed">
      {formatDisplayDateTime(entry.at)}
    </Text>
    {entry.actor.kind === 'user' ? null : (
      <Badge size="xs" variant="light" color={entry.actor.kind === 'api_key' ? 'grape' : 'gray'} radius="sm" tt="none">
        {AUDIT_ACTOR_KIND_LABELS[entry.actor.kind]}
      </Badge>
    )}
    {entry.ip ? (
      <Text size="xs" c="dimmed">
        from {entry.ip}
      </Text>
    ) : null}
  </Group>
);

/** A whole entry: the headline, when and from where, and the changed fields. */
export const AuditEntryView = ({ entry }: { entry: AuditEntry }) => (
  <Stack gap={4}>
    <Text size="sm" fw={600}>
      {auditHeadline(entry)}
    </Text>
    <AuditActorLine entry={entry} />
    <AuditChanges entry={entry} />
  </Stack>
);
