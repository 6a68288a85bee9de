import { EDITOR_STEPS, type EditorStep, EXPERIENCE_TYPE_LABELS, type Experience } from '@excursio/contract/experiences';
import { MESSAGES } from '@excursio/contract/messages';
import { Anchor, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconCopy, IconDots } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconButton } from '../../../components/button.tsx';
import { ScrollRow } from '../../../components/scroll-row.tsx';
import tabs from '../../../components/shell/editor-tabs.module.css';
import { PageTabs } from '../../../components/shell/page-action.tsx';
import { useDuplicateExperienceMutation } from '../../../lib/api/catalog.api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { OfferStatusBadge } from '../components/offer-status-badge.tsx';
import classes from './editor.module.css';
import { editorPath } from './editor-footer.tsx';
import { OVERVIEW_PATH, STEP_LABELS } from './editor-rules.ts';

/** The editor's header: the offer's title and status, its actions, and one tab per step. */
export const EditorHeader = ({ experience, step }: { experience: Experience; step: EditorStep }) => {
  const navigate = useNavigate();
  const [duplicate, { isLoading: copying }] = useDuplicateExperienceMutation();
  const current = useRef<HTMLAnchorElement>(null);
  // On narrow screens the step tabs scroll sideways: keep the current step in view.
  useEffect(() => {
    if (step) current.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [step]);
  const copy = async () => {
    const result = await duplicate(experience.id);
    if (result.error) return;
    notifySuccess(MESSAGES.experienceCopied);
    navigate(OVERVIEW_PATH); // specification §2: after a copy the user goes to the overview
  };
  return (
    <Stack gap="sm" mb="lg">
      <Anchor component={Link} to={OVERVIEW_PATH} size="sm" c="dimmed" w="fit-content">
        <Group gap={2}>
          <IconChevronLeft size={14} />
          All offers
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="nowrap">
            <Title order={2} fz={22} fw={600} lineClamp={2} data-testid="offer-title">
              {experience.title}
            </Title>
            <div style={{ flex: 'none' }}>
              <OfferStatusBadge status={experience.status} />
            </div>
          </Group>
          <Text size="sm" c="dimmed">
            {EXPERIENCE_TYPE_LABELS[experience.type]}
          </Text>
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <IconButton label="Offer actions" loading={copying}>
              <IconDots size={18} />
            </IconButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconCopy size={15} />} onClick={copy}>
              Duplicate
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <PageTabs>
        <ScrollRow label="editor steps">
          <nav aria-label="Editor steps" className={tabs.steps}>
            {EDITOR_STEPS.map((s, index) => (
              <Link
                key={s}
                ref={s === step ? current : undefined}
                to={editorPath(experience.id, s)}
                className={tabs.step}
                aria-current={s === step ? 'step' : undefined}
              >
                <span className={classes.stepNumber} aria-hidden>
                  {index + 1}
                </span>
                {STEP_LABELS[s]}
              </Link>
            ))}
          </nav>
        </ScrollRow>
      </PageTabs>
    </Stack>
  );
};
