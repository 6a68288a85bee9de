import { MESSAGES } from '@excursio/contract/messages';
import { Alert, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { showErrorToasts } from '../../../lib/api/base-query.ts';
import { errorMessages } from '../../../lib/api/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { BREAKPOINTS } from '../../../lib/theme.ts';
import { type CapacitySlot, useChangeSlotCapacityMutation, useUpdateSlotMutation } from '../api/capacity.api.ts';
import { conflictOf, slotTarget, slotTitle } from '../slot-actions.ts';

/** Full screen on phones; the close button is named "Close". */
const SlotModal = ({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) => {
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.tab})`);
  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={narrow} closeButtonProps={{ 'aria-label': 'Close' }}>
      {children}
    </Modal>
  );
};

const Figures = ({ slot }: { slot: CapacitySlot }) => (
  <Text size="sm" c="dimmed">
    {slotTitle(slot)} · booked {slot.booked} · held {slot.held}
    {slot.capacity_override !== null ? ' · capacity changed for this slot' : ''}
  </Text>
);

/**
 * A slot's capacity. Below what is booked or held the server answers 409: the form says why and
 * offers "Set anyway (overbook)", which sends the same capacity with `force`.
 */
const CapacityForm = ({ slot, onClose }: { slot: CapacitySlot; onClose: () => void }) => {
  const [value, setValue] = useState<number | ''>(slot.capacity ?? '');
  const [conflict, setConflict] = useState<string | null>(null);
  const [change, { isLoading }] = useChangeSlotCapacityMutation();

  const send = async (capacity: number | null, force = false) => {
    const result = await change({ ...slotTarget(slot), capacity, force });
    if (!result.error) {
      notifySuccess(MESSAGES.updated);
      onClose();
      return;
    }
    const problem = conflictOf(result.error);
    if (problem) setConflict(problem);
    else showErrorToasts(errorMessages(result.error));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value !== '') void send(value);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Figures slot={slot} />
        <NumberInput
          label="Capacity"
          description="Places this slot sells, booked and held ones included."
          min={0}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          value={value}
          onChange={(v) => {
            setValue(typeof v === 'number' ? v : '');
            setConflict(null);
          }}
          error={value === '' ? 'Enter a number of places.' : undefined}
          data-autofocus
        />
        {conflict ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Below what is taken">
            <Stack gap="xs">
              <Text size="sm">{conflict}</Text>
              <Group>
                <Button variant="danger" size="xs" loading={isLoading} onClick={() => value !== '' && send(value, true)}>
                  Set anyway (overbook)
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <Group justify="space-between" gap="sm">
          {slot.capacity_override !== null ? (
            <Button variant="secondary" onClick={() => send(null)} loading={isLoading}>
              Use the schedule's capacity
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="standard" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading} disabled={value === '' || conflict !== null}>
              Save capacity
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
};

export const CapacityModal = ({ slot, onClose }: { slot: CapacitySlot | null; onClose: () => void }) => (
  <SlotModal opened={slot !== null} onClose={onClose} title="Change capacity">
    {slot ? <CapacityForm key={slot.id + slot.experience_id} slot={slot} onClose={onClose} /> : null}
  </SlotModal>
);

const NoteForm = ({ slot, onClose }: { slot: CapacitySlot; onClose: () => void }) => {
  const [note, setNote] = useState(slot.note);
  const [update, { isLoading }] = useUpdateSlotMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await update({ ...slotTarget(slot), note: note.trim() });
    if (result.error) return;
    notifySuccess(MESSAGES.updated);
    onClose();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Figures slot={slot} />
        <Textarea
          label="Note"
          description="Only your team sees it (e.g. “Guide: Ana”, “Private group at 10:00”)."
          autosize
          minRows={3}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading}>
            Save note
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** A note for staff on one slot (empty removes it). */
export const NoteModal = ({ slot, onClose }: { slot: CapacitySlot | null; onClose: () => void }) => (
  <SlotModal opened={slot !== null} onClose={onClose} title="Note for staff">
    {slot ? <NoteForm key={slot.id + slot.experience_id} slot={slot} onClose={onClose} /> : null}
  </SlotModal>
);
