import { MESSAGES } from '@excursio/contract/messages';
import { Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { formatDisplayDate } from '../../../lib/format/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCloseDayMutation } from '../api/capacity.api.ts';

export type DayTarget = { experience_id: string; experience_title: string; date: string };

const CloseDayForm = ({ target, onClose }: { target: DayTarget; onClose: () => void }) => {
  const [note, setNote] = useState('');
  const [closeDay, { isLoading }] = useCloseDayMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = note.trim();
    const result = await closeDay({
      experience_id: target.experience_id,
      date: target.date,
      closed: true,
      ...(trimmed ? { note: trimmed } : {}),
    });
    if (result.error) return;
    notifySuccess(MESSAGES.updated);
    onClose();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">
          Every slot of <strong>{target.experience_title}</strong> on {formatDisplayDate(target.date)} closes: nobody can book
          them until you reopen the day. Bookings already made stay as they are.
        </Text>
        <Textarea
          label="Note for the day (optional)"
          description="Shown on the day. The slots keep their own notes; reopening the day removes this one."
          placeholder="e.g. Storm warning"
          autosize
          minRows={2}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={isLoading}>
            Close day
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** "Close whole day" for one offer: asks first (with an optional note), since it stops every slot of that day. */
export const CloseDayModal = ({ target, onClose }: { target: DayTarget | null; onClose: () => void }) => (
  <Modal opened={target !== null} onClose={onClose} title="Close the whole day" closeButtonProps={{ 'aria-label': 'Close' }}>
    {target ? <CloseDayForm key={`${target.experience_id}${target.date}`} target={target} onClose={onClose} /> : null}
  </Modal>
);
