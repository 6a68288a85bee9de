import type { Partnership } from '@excursio/contract/partners';
import { Box, Menu } from '@mantine/core';
import {
  IconCheck,
  IconDots,
  IconFileSpreadsheet,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlugConnectedX,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { IconButton } from '../../../components/button.tsx';
import { DeferredTooltip } from '../../../components/deferred-tooltip.tsx';
import type { PartnershipAction } from '../../../lib/api/partners.api.ts';
import { CHANGE_HINT, partnerLabel } from '../../../lib/format/partner-format.ts';

export type RowIntent = PartnershipAction | 'edit_terms' | 'statement';

type Item = { intent: RowIntent; label: string; icon: ReactNode; color?: string; change: boolean };

/** The items a partnership offers, in menu order: what `can` allows, and the statement once it started. */
export const rowItems = (p: Partnership): Item[] => {
  const items: Item[] = [];
  if (p.can.accept) items.push({ intent: 'accept', label: 'Accept', icon: <IconCheck size={15} />, change: true });
  if (p.can.decline) items.push({ intent: 'decline', label: 'Decline', icon: <IconX size={15} />, change: true });
  if (p.can.edit_terms) items.push({ intent: 'edit_terms', label: 'Edit terms', icon: <IconPencil size={15} />, change: true });
  if (p.can.pause) items.push({ intent: 'pause', label: 'Pause', icon: <IconPlayerPause size={15} />, change: true });
  if (p.can.resume) items.push({ intent: 'resume', label: 'Resume', icon: <IconPlayerPlay size={15} />, change: true });
  if (p.accepted_at) {
    items.push({ intent: 'statement', label: 'Monthly statement', icon: <IconFileSpreadsheet size={15} />, change: false });
  }
  if (p.can.end) {
    items.push({
      intent: 'end',
      label: 'End partnership',
      icon: <IconPlugConnectedX size={15} />,
      color: 'red',
      change: true,
    });
  }
  return items;
};

/**
 * A partnership's row menu, following `can`. Without 'Manage account' the changes are shown disabled
 * with the permission named (never hidden); the statement stays open to every reader.
 */
export const PartnerRowMenu = ({
  partnership,
  canChange,
  onPick,
}: {
  partnership: Partnership;
  canChange: boolean;
  onPick: (intent: RowIntent, p: Partnership) => void;
}) => {
  const items = rowItems(partnership);
  if (!items.length) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <IconButton label={`Actions for ${partnerLabel(partnership)}`}>
          <IconDots size={18} />
        </IconButton>
      </Menu.Target>
      <Menu.Dropdown>
        {!canChange && items.some((i) => i.change) ? <Menu.Label maw={240}>{CHANGE_HINT}</Menu.Label> : null}
        {items.map((item) => {
          const disabled = item.change && !canChange;
          const menuItem = (
            <Menu.Item
              key={item.intent}
              leftSection={item.icon}
              color={item.color}
              disabled={disabled}
              onClick={() => onPick(item.intent, partnership)}
            >
              {item.label}
            </Menu.Item>
          );
          return disabled ? (
            <DeferredTooltip key={item.intent} label={CHANGE_HINT} position="left" multiline maw={240}>
              {/* A disabled item gets no pointer events; the wrapper keeps the tooltip working. */}
              <Box>{menuItem}</Box>
            </DeferredTooltip>
          ) : (
            menuItem
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
};
