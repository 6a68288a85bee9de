import { MESSAGES } from '@excursio/contract/messages';
import { NOTIFICATION_KIND_TEXT, NOTIFICATION_KINDS, type NotificationKind } from '@excursio/contract/notifications';
import { Skeleton, Stack, Switch, Text } from '@mantine/core';
import { notifySuccess } from '../../../lib/notify.ts';
import { useGetNotificationPreferencesQuery, useSetNotificationPreferencesMutation } from '../api/account.api.ts';

/**
 * Which of the organization's notices also come by mail: one switch per kind, saved as it is
 * flipped. The header bell always shows them all; members who may not manage orders get no mail.
 */
export const NotificationMailForm = () => {
  const { data, isLoading } = useGetNotificationPreferencesQuery();
  const [save, { isLoading: saving }] = useSetNotificationPreferencesMutation();
  if (isLoading || !data) return <Skeleton height={180} />;
  const flip = async (kind: NotificationKind, on: boolean) => {
    const result = await save({ mail: { ...data.mail, [kind]: on } });
    if (!result.error) notifySuccess(MESSAGES.updated);
  };
  return (
    <Stack gap="md">
      {data.receives_mail ? (
        <Text size="sm">
          Sent to <strong>{data.email}</strong>.
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Your role cannot manage orders, so these notices are neither shown nor mailed to you.
        </Text>
      )}
      {NOTIFICATION_KINDS.map((kind) => (
        <Switch
          key={kind}
          label={NOTIFICATION_KIND_TEXT[kind].label}
          description={NOTIFICATION_KIND_TEXT[kind].description}
          checked={data.mail[kind]}
          disabled={!data.receives_mail || saving}
          onChange={(event) => flip(kind, event.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
};
