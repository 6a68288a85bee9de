import {
  PARTNER_TYPE_LABELS,
  PARTNER_TYPES,
  PARTNERSHIP_ORDERING,
  PARTNERSHIP_STATUS_LABELS,
  PARTNERSHIP_STATUSES,
  type Partnership,
  type PartnerType,
} from '@excursio/contract/partners';
import { Box, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { DeferredTooltip } from '../../../components/deferred-tooltip.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import { useListPartnersQuery } from '../../../lib/api/partners.api.ts';
import { formatDisplayDate } from '../../../lib/format/format.ts';
import { CHANGE_HINT, CHANGE_PERMISSION } from '../../../lib/format/partner-format.ts';
import { resetListParams } from '../../../lib/list/list-params.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import { InvitePartnerModal } from '../components/invite-partner-modal.tsx';
import { OrganizationCell, PartnerStatusCell, TermsCell } from '../components/partner-cells.tsx';
import { PartnerRowMenu } from '../components/partner-row-menu.tsx';
import { PendingInvitations } from '../components/pending-invitations.tsx';
import { usePartnerActions } from '../components/use-partner-actions.tsx';

const LIST_SPEC = { filters: { status: PARTNERSHIP_STATUSES }, ordering: PARTNERSHIP_ORDERING } as const;
const TYPE_PARAM = 'type';
const VIEW_OPTIONS = PARTNER_TYPES.map((value) => ({ value, label: PARTNER_TYPE_LABELS[value] }));
const STATUS_OPTIONS = PARTNERSHIP_STATUSES.map((value) => ({ value, label: PARTNERSHIP_STATUS_LABELS[value] }));

const EMPTY: Record<PartnerType, string> = {
  resellers:
    'No resellers yet. A reseller sells your offers in its own stores: invite one, and choose the offers it may sell, ' +
    'its commission and who collects the payment.',
  suppliers:
    'No suppliers yet. A supplier shares its offers for you to sell in your stores: invite one, or accept a supplier’s ' +
    'invitation. Shared offers then appear in your stores’ Global catalog.',
};

/**
 * `/sales/partners`: the organizations that resell our offers ('My resellers') or whose offers we
 * resell ('My suppliers'), the view in the URL's `type` beside the list's status, search, sorting
 * and paging. Invitations waiting for our answer are shown above the list.
 */
export const PartnersPage = () => {
  const list = useListParams(LIST_SPEC);
  const [params, setParams] = useSearchParams();
  const { can, user } = useAccess();
  // An affiliate resells others' offers: it opens on its suppliers; a supplier on its resellers.
  const home: PartnerType = user?.base_account.type === 'affiliate' ? 'suppliers' : 'resellers';
  const asked = params.get(TYPE_PARAM);
  const view: PartnerType = asked === 'suppliers' || asked === 'resellers' ? asked : home;
  // The other side changes partnerships too (accepts, pauses, ends): read them afresh on every visit.
  const { data, isFetching, error } = useListPartnersQuery(
    { ...list.apiQuery, type: view },
    { skip: !list.ready, refetchOnMountOrArgChange: true },
  );
  useResetPageOnNotFound(list, error);
  const canChange = can([CHANGE_PERMISSION]);
  const actions = usePartnerActions();
  const [inviting, setInviting] = useState(false);

  // "Reset filters" keeps the view: it is where the user is, not a filter of it.
  const toolbarList = {
    ...list,
    reset: () =>
      setParams(
        (current) => {
          const next = resetListParams(current);
          const type = current.get(TYPE_PARAM);
          if (type) next.set(TYPE_PARAM, type);
          return next;
        },
        { replace: true },
      ),
  };

  const columns: Column<Partnership>[] = [
    { key: 'organization', header: 'Organization', sortField: 'name', render: (p) => <OrganizationCell p={p} /> },
    { key: 'status', header: 'Status', sortField: 'status', width: 150, render: (p) => <PartnerStatusCell p={p} /> },
    { key: 'terms', header: 'Terms', render: (p) => <TermsCell p={p} /> },
    { key: 'offers', header: 'Shared offers', width: 140, align: 'right', render: (p) => p.shared_offers_count },
    {
      key: 'since',
      header: 'Since',
      sortField: 'created_at',
      width: 170,
      render: (p) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayDate(p.accepted_at ?? p.created_at)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: '',
      width: 60,
      align: 'right',
      render: (p) => <PartnerRowMenu partnership={p} canChange={canChange} onPick={actions.pick} />,
    },
  ];

  const inviteButton = canChange ? (
    <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
      Invite partner
    </Button>
  ) : (
    <DeferredTooltip label={CHANGE_HINT} multiline maw={260}>
      <Box>
        <Button leftSection={<IconUserPlus size={16} />} disabled>
          Invite partner
        </Button>
      </Box>
    </DeferredTooltip>
  );

  return (
    <Stack gap={0}>
      <PageAction>{inviteButton}</PageAction>
      <PendingInvitations canChange={canChange} onPick={actions.pick} isBusy={actions.isBusy} />
      <SegmentedControl
        aria-label="Partner type"
        data={VIEW_OPTIONS}
        value={view}
        onChange={(value) => list.setFilter(TYPE_PARAM, value)}
        mb="md"
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      <ListToolbar
        list={toolbarList}
        searchLabel="Search partners"
        searchPlaceholder="Search by name or email"
        filters={[{ key: 'status', label: 'Status', options: STATUS_OPTIONS }]}
      />
      <DataTable
        label={PARTNER_TYPE_LABELS[view]}
        columns={columns}
        rowKey={(p) => p.id}
        {...listTableProps(list, data, isFetching)}
        empty={{
          message: list.hasActiveFilters ? 'No partners match these filters.' : EMPTY[view],
          action: list.hasActiveFilters || !canChange ? undefined : inviteButton,
        }}
      />
      <InvitePartnerModal opened={inviting} onClose={() => setInviting(false)} partnerType={view} />
      {actions.modals}
    </Stack>
  );
};
