import { MESSAGES } from '@excursio/contract/messages';
import type { PartnerType } from '@excursio/contract/partners';
import { Divider, Group, Input, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { fieldErrorItems } from '../../../lib/api/errors.ts';
import { useInvitePartnerMutation } from '../../../lib/api/partners.api.ts';
import { bareDomainWithPort } from '../../../lib/domain/host.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import {
  changedKeys,
  emptyInvite,
  type FieldErrors,
  fieldKey,
  type InviteDraft,
  validateInvite,
  withoutErrors,
} from '../terms-form.ts';
import { TermsFields } from './terms-fields.tsx';

const typeOptions = (withOffers: boolean) => [
  { value: 'resellers', label: 'A reseller', disabled: !withOffers },
  { value: 'suppliers', label: 'A supplier' },
];
const VIA_OPTIONS = [
  { value: 'subdomain', label: 'Subdomain' },
  { value: 'email', label: 'Email' },
];

/** "Invite partner": who (by subdomain or email), what they will be to us, a message and the terms. */
export const InvitePartnerModal = ({
  opened,
  onClose,
  partnerType,
}: {
  opened: boolean;
  onClose: () => void;
  /** The view the list shows: the invitation starts as that kind of partner. */
  partnerType: PartnerType;
}) => (
  <Modal opened={opened} onClose={onClose} title="Invite partner" size="lg">
    {opened ? <InviteForm onClose={onClose} partnerType={partnerType} /> : null}
  </Modal>
);

const InviteForm = ({ onClose, partnerType }: { onClose: () => void; partnerType: PartnerType }) => {
  const [invite, { isLoading }] = useInvitePartnerMutation();
  // A plan without offers of its own (an affiliate's) can only resell: it invites suppliers.
  const withOffers = useAccess().hasFeature(['experiences']);
  const [draft, setDraft] = useState<InviteDraft>(() => emptyInvite(withOffers ? partnerType : 'suppliers'));
  const [errors, setErrors] = useState<FieldErrors>({});
  // An edited field's error goes (the terms' fields by their own keys).
  const set = (patch: Partial<InviteDraft>) => {
    setErrors((e) => withoutErrors(e, [...Object.keys(patch), ...changedKeys(draft.terms, patch.terms)]));
    setDraft((d) => ({ ...d, ...patch }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = validateInvite(draft);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const result = await invite(checked.body);
    if (result.error) {
      return setErrors(Object.fromEntries(fieldErrorItems(result.error).map((e) => [fieldKey(e.attr), e.detail])));
    }
    notifySuccess(MESSAGES.created);
    onClose();
  };

  const sharing = draft.partner_type === 'resellers';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Input.Wrapper label="The organization will be" error={errors.partner_type}>
          <SegmentedControl
            mt={6}
            fullWidth
            aria-label="The organization will be"
            data={typeOptions(withOffers)}
            value={draft.partner_type}
            onChange={(value) => set({ partner_type: value as PartnerType })}
          />
        </Input.Wrapper>
        <Text size="sm" c="dimmed">
          {sharing
            ? 'A reseller sells your offers in its own stores and back office, and earns by the terms below.'
            : 'A supplier shares its offers for you to sell in your stores and back office. These terms are your proposal; the supplier can change them before accepting.'}
        </Text>
        <Stack gap={6}>
          <SegmentedControl
            aria-label="Invite by"
            data={VIA_OPTIONS}
            value={draft.via}
            onChange={(value) => set({ via: value as InviteDraft['via'] })}
            w={{ base: '100%', xs: 240 }}
          />
          {draft.via === 'subdomain' ? (
            <TextInput
              label="Subdomain"
              description={`The organization’s Excursio address, e.g. acme for acme.${bareDomainWithPort()}. It sees the invitation at once.`}
              placeholder="acme"
              data-autofocus
              value={draft.subdomain}
              onChange={(e) => set({ subdomain: e.currentTarget.value })}
              error={errors.subdomain}
              autoCapitalize="off"
              spellCheck={false}
            />
          ) : (
            <TextInput
              label="Email"
              description="We email the invitation; whoever signs in with this address sees it in their organization."
              type="email"
              placeholder="partner@example.com"
              data-autofocus
              value={draft.email}
              onChange={(e) => set({ email: e.currentTarget.value })}
              error={errors.email}
            />
          )}
        </Stack>
        <Textarea
          label="Message (optional)"
          autosize
          minRows={2}
          maxLength={1000}
          value={draft.message}
          onChange={(e) => set({ message: e.currentTarget.value })}
          error={errors.message}
        />
        <Divider label="Terms" labelPosition="left" />
        <TermsFields value={draft.terms} onChange={(terms) => set({ terms })} errors={errors} sharing={sharing} />
        <Group justify="flex-end">
          <Button variant="standard" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
