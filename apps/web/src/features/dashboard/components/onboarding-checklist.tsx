import { ONBOARDING_STEP_FEATURES, type Onboarding, type OnboardingStep } from '@excursio/contract/home';
import { MESSAGES } from '@excursio/contract/messages';
import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconPlayerSkipForward } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import { plansPath } from '../../../lib/subscription/plans-path.ts';
import { useDismissOnboardingMutation, useDismissOnboardingStepMutation } from '../api/dashboard.api.ts';
import classes from './dashboard.module.css';

const StepIcon = ({ step }: { step: OnboardingStep }) =>
  step.done ? (
    <ThemeIcon size={26} radius="xl" color="teal.7" role="img" aria-label="Done">
      <IconCircleCheck size={17} />
    </ThemeIcon>
  ) : step.dismissed ? (
    <ThemeIcon size={26} radius="xl" variant="light" color="gray" role="img" aria-label="Skipped">
      <IconPlayerSkipForward size={15} />
    </ThemeIcon>
  ) : (
    <ThemeIcon size={26} radius="xl" variant="light" color="brand" role="img" aria-label="To do">
      <IconCircleDashed size={17} />
    </ThemeIcon>
  );

const Step = ({ step }: { step: OnboardingStep }) => {
  const [dismiss, { isLoading }] = useDismissOnboardingStepMutation();
  const { user, hasFeature } = useAccess();
  const open = !step.done && !step.dismissed;
  // Not in the plan: the step says so and leads to the plans (and back to its page after paying).
  const inPlan = hasFeature(ONBOARDING_STEP_FEATURES[step.code]);
  return (
    <li className={classes.step} data-step={step.code} data-done={step.done || undefined}>
      <StepIcon step={step} />
      <div>
        <Text size="sm" fw={600} td={step.done ? 'line-through' : undefined} c={step.done ? 'dimmed' : undefined}>
          {step.title}
        </Text>
        {open ? (
          <Text size="sm" c="dimmed">
            {inPlan ? step.description : `${step.description} Not in your current plan.`}
          </Text>
        ) : null}
      </div>
      {open ? (
        <Group gap="xs" wrap="nowrap" className={classes.stepActions}>
          <Anchor
            component="button"
            type="button"
            size="xs"
            c="dimmed"
            disabled={isLoading}
            onClick={() => dismiss({ id: step.id, dismissed: true })}
          >
            Skip
          </Anchor>
          {inPlan ? (
            <Button component={Link} to={step.path} size="xs" variant="secondary">
              {step.action}
            </Button>
          ) : (
            <Button component={Link} to={plansPath(user?.base_account.type, step.path)} size="xs" variant="secondary">
              {MESSAGES.upgradeNow}
            </Button>
          )}
        </Group>
      ) : step.dismissed && !step.done ? (
        <Anchor
          component="button"
          type="button"
          size="xs"
          className={classes.stepActions}
          disabled={isLoading}
          onClick={() => dismiss({ id: step.id, dismissed: false })}
        >
          Undo skip
        </Anchor>
      ) : null}
    </li>
  );
};

/** "Get started": the onboarding steps, each done as the organization's data says, skippable; the card can be dismissed. */
export const OnboardingChecklist = ({ onboarding }: { onboarding: Onboarding }) => {
  const [dismiss, { isLoading }] = useDismissOnboardingMutation();
  const percent = Math.round((onboarding.completed_steps * 100) / Math.max(1, onboarding.total_steps));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Get started">
      <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
        <div>
          <Text fw={600}>Get started</Text>
          <Text size="sm" c="dimmed" data-testid="onboarding-progress">
            {onboarding.completed_steps} of {onboarding.total_steps} steps done
          </Text>
        </div>
        <Anchor
          component="button"
          type="button"
          size="sm"
          c="dimmed"
          disabled={isLoading}
          onClick={() => dismiss({ id: onboarding.id, dismissed: true })}
        >
          Dismiss checklist
        </Anchor>
      </Group>
      <div
        className={classes.bar}
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        style={{ marginBottom: 12 }}
      >
        <div className={classes.barFill} style={{ width: `${percent}%` }} />
      </div>
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Onboarding steps">
        {onboarding.steps.map((step) => (
          <Step key={step.id} step={step} />
        ))}
      </Stack>
    </Paper>
  );
};
