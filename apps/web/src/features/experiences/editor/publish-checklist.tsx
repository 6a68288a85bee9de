import type { ActivationStatus } from '@excursio/contract/experiences';
import { Alert, Anchor, List, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { editorPath } from './editor-footer.tsx';
import { type PublishProblem, problemStep, STEP_LABELS } from './editor-rules.ts';

/**
 * What the offer still needs before it can go Active, each item linking to the step that fixes it;
 * once nothing is missing, where it stands: published (saved Active), about to be (Active chosen,
 * not saved), or ready.
 */
export const PublishChecklist = ({
  experienceId,
  problems,
  stored,
  chosen,
}: {
  experienceId: string;
  problems: PublishProblem[];
  /** The saved status and the one chosen in the form. */
  stored: ActivationStatus;
  chosen: ActivationStatus;
}) => {
  if (problems.length === 0) {
    if (stored === 'active' && chosen === 'active') {
      return (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title="Published">
          This offer is Active: visitors can book it.
        </Alert>
      );
    }
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title="Ready to publish">
        {chosen === 'active'
          ? 'Save to make the offer Active and bookable.'
          : 'This offer has everything it needs to be sold. Set it to Active to make it bookable.'}
      </Alert>
    );
  }
  return (
    <Alert color="orange" variant="light" icon={<IconCircleDashed size={18} />} title="Not ready to publish yet">
      <List
        size="sm"
        spacing={6}
        mt={4}
        aria-label="Missing before publishing"
        icon={
          <ThemeIcon size={16} radius="xl" color="orange" variant="light">
            <IconCircleDashed size={12} />
          </ThemeIcon>
        }
      >
        {problems.map((problem) => {
          const step = problemStep(problem.attr);
          return (
            <List.Item key={problem.attr}>
              {problem.detail}{' '}
              <Anchor component={Link} to={editorPath(experienceId, step)} size="sm">
                Go to {STEP_LABELS[step]}
              </Anchor>
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
};
