import { MESSAGES } from '@excursio/contract/messages';
import type { Partnership } from '@excursio/contract/partners';
import { Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { fieldErrorItems } from '../../../lib/api/errors.ts';
import { useUpdatePartnerTermsMutation } from '../../../lib/api/partners.api.ts';
import { partnerLabel, weSupply } from '../../../lib/format/partner-format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  changedKeys,
  type FieldErrors,
  fieldKey,
  type TermsDraft,
  termsDraftOf,
  validateTerms,
  withoutErrors,
} from '../terms-form.ts';
import { TermsFields } from './terms-fields.tsx';

/** "Edit terms" of a partnership (offered when `can.edit_terms`). */
export const EditTermsModal = ({ partnership, onClose }: { partnership: Partnership | null; onClose: () => void }) => (
  <Modal
    opened={partnership !== null}
    onClose={onClose}
    title={partnership ? `Terms with ${partnerLabel(partnership)}` : 'Edit terms'}
    size="lg"
  >
    {partnership ? <EditTermsForm partnership={partnership} onClose={onClose} /> : null}
  </Modal>
);

const EditTermsForm = ({ partnership, onClose }: { partnership: Partnership; onClose: () => void }) => {
  const [update, { isLoading }] = useUpdatePartnerTermsMutation();
  const [draft, setDraft] = useState<TermsDraft>(() => termsDraftOf(partnership.terms));
  const [errors, setErrors] = useState<FieldErrors>({});
  const sharing = weSupply(partnership);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = validateTerms(draft, sharing);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const result = await update({ id: partnership.id, ...checked.body });
    if (result.error) {
      return setErrors(Object.fromEntries(fieldErrorItems(result.error).map((e) => [fieldKey(e.attr), e.detail])));
    }
    notifySuccess(MESSAGES.updated);
    onClose();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {partnership.status === 'active' ? (
          <Text size="sm" c="dimmed">
            New terms apply to sales from now on; past resales keep the commission they were sold with.
          </Text>
        ) : null}
        <TermsFields
          value={draft}
          onChange={(next) => {
            setErrors((e) => withoutErrors(e, changedKeys(draft, next)));
            setDraft(next);
          }}
          errors={errors}
          sharing={sharing}
        />
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading}>
            Save terms
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
