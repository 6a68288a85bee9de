import type { Experience } from '@excursio/contract/experiences';
import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EditorFooter, editorPath } from '../editor-footer.tsx';
import { problemStep, STEP_LABELS } from '../editor-rules.ts';
import { OfferPreviewPanel } from '../offer-preview-panel.tsx';

/** Why a non-Active offer is not in the webstore: its status, and what blocks going Active (linked to the step that fixes it). */
const NotVisibleBox = ({ experience }: { experience: Experience }) => (
  <Alert variant="light" color="orange" icon={<IconEyeOff size={18} />} title="Not visible to visitors yet">
    <Stack gap={6}>
      <Text size="sm">
        {experience.status === 'inactive' ? 'This offer is Inactive.' : 'This offer is a Draft.'}{' '}
        {experience.publish_problems.length > 0 ? 'Before it can go Active:' : 'It has everything it needs; set it to Active in '}
        {experience.publish_problems.length === 0 && (
          <Anchor component={Link} to={editorPath(experience.id, 'settings')} size="sm">
            {STEP_LABELS.settings}
          </Anchor>
        )}
        {experience.publish_problems.length === 0 && '.'}
      </Text>
      {experience.publish_problems.length > 0 && (
        <List size="sm" spacing={2}>
          {experience.publish_problems.map((problem) => {
            const step = problemStep(problem.attr);
            return (
              <List.Item key={problem.attr}>
                {problem.detail}{' '}
                <Anchor component={Link} to={editorPath(experience.id, step)} size="sm">
                  Go to {STEP_LABELS[step]}
                </Anchor>
              </List.Item>
            );
          })}
        </List>
      )}
    </Stack>
  </Alert>
);

/** The offer exactly as the webstore will render it, and why it is not visible yet when it is not Active. */
export function PreviewStep({ experience }: { experience: Experience }) {
  return (
    <Stack gap="lg">
      {experience.status !== 'active' && <NotVisibleBox experience={experience} />}
      <OfferPreviewPanel experience={experience} />
      <EditorFooter experienceId={experience.id} step="preview" />
    </Stack>
  );
}
