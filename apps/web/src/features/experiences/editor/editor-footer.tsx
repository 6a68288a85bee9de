import { EDITOR_STEPS, type EditorStep } from '@excursio/contract/experiences';
import { Button, Group, Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import classes from './editor.module.css';

export const editorPath = (experienceId: string, step: EditorStep) => `/products/experiences/editor/${experienceId}/${step}`;

/** Previous and next step of the editor (null at either end). */
export const stepNeighbours = (step: EditorStep) => {
  const index = EDITOR_STEPS.indexOf(step);
  return { previous: EDITOR_STEPS[index - 1] ?? null, next: EDITOR_STEPS[index + 1] ?? null };
};

type FormControls = {
  /** Whether anything changed: with nothing changed, Save is disabled and "Save and continue" only moves on. */
  dirty: boolean;
  saving: boolean;
  /** Validate and save (skipped when not dirty); go to `next` afterwards when given. */
  onSave: (next: EditorStep | null) => void;
};

/**
 * The sticky footer of every editor step: Back / Save / Save and continue for form steps, Back / Next
 * for steps whose parts save themselves (pricing, media).
 */
export function EditorFooter({ experienceId, step, form }: { experienceId: string; step: EditorStep; form?: FormControls }) {
  const navigate = useNavigate();
  const { previous, next } = stepNeighbours(step);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 5 }}
      mt="lg"
      className={classes.footer}
      data-sticky-footer
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Button variant="default" disabled={!previous} onClick={() => previous && navigate(editorPath(experienceId, previous))}>
          Back
        </Button>
        <Group gap="xs" wrap="nowrap">
          {form && (
            <Button variant="default" disabled={!form.dirty} loading={form.saving} onClick={() => form.onSave(null)}>
              Save
            </Button>
          )}
          {next &&
            (form ? (
              <Button loading={form.saving} onClick={() => form.onSave(next)}>
                Save and continue
              </Button>
            ) : (
              <Button onClick={() => navigate(editorPath(experienceId, next))}>Next</Button>
            ))}
        </Group>
      </Group>
    </Paper>
  );
}
