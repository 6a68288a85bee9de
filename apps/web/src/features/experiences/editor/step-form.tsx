import type { EditorStep, Experience, ExperiencePatchInput } from '@excursio/contract/experiences';
import { MESSAGES } from '@excursio/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useUpdateExperienceMutation } from '../../../lib/api/catalog.api.ts';
import { useUnsavedGuard } from '../../../lib/forms/use-unsaved-guard.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { EditorFooter, editorPath } from './editor-footer.tsx';
import { changedFields } from './editor-rules.ts';

/**
 * Asks before leaving a step with unsaved changes (another step, another page, or closing the tab).
 * `release` lets a save that just succeeded navigate before the next render clears `dirty`.
 */
export const useUnsavedChangesGuard = (dirty: boolean) => {
  const { blocker, release } = useUnsavedGuard(dirty);
  const dialog = (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title="Leave without saving?"
      message="This step has unsaved changes. They are lost if you leave now."
      confirmLabel="Leave without saving"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
  return { release, dialog };
};

type StepFormOptions<In extends FieldValues, Out extends ExperiencePatchInput> = {
  experience: Experience;
  /** Parses the form's values into the PATCH fields this step owns (the contract's field shapes). */
  schema: z.ZodType<Out, In>;
  /** The form's values for the stored offer. */
  values: In;
};

/**
 * One editor form step: react-hook-form with the step's zod schema; Save / Save and continue
 * validate first (invalid → field errors, no request, no navigation), PATCH only the fields that
 * differ from the stored offer, and send nothing when nothing changed (specification §5).
 */
export const useStepForm = <In extends FieldValues, Out extends ExperiencePatchInput>({
  experience,
  schema,
  values,
}: StepFormOptions<In, Out>) => {
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    values,
    // A refetch after saving must not overwrite what the user typed in the meantime.
    resetOptions: { keepDirtyValues: true },
  });
  // Read during render: react-hook-form only tracks the form state a component subscribes to.
  const { isDirty } = form.formState;
  const [update, { isLoading: saving }] = useUpdateExperienceMutation();
  const navigate = useNavigate();
  const guard = useUnsavedChangesGuard(isDirty);

  const onSave = (next: EditorStep | null) =>
    form.handleSubmit(async (output) => {
      // A clean form sends nothing; a dirty one sends only the fields that differ from the stored offer.
      const patch = isDirty ? changedFields(output, experience) : {};
      if (Object.keys(patch).length > 0) {
        const result = await update({ id: experience.id, ...patch });
        if (result.error) return;
        notifySuccess(MESSAGES.experienceUpdated);
      }
      form.reset(form.getValues());
      guard.release();
      if (next) navigate(editorPath(experience.id, next));
    })();

  return { form, footer: { dirty: isDirty, saving, onSave }, guardDialog: guard.dialog };
};

/**
 * The frame of a form step (`useStepForm`): Enter saves like Save, then the sticky footer and the
 * leave-without-saving dialog.
 */
export const StepForm = ({
  experienceId,
  step,
  footer,
  guardDialog,
  children,
}: {
  experienceId: string;
  step: EditorStep;
  footer: ReturnType<typeof useStepForm>['footer'];
  guardDialog: ReactNode;
  children: ReactNode;
}) => (
  <form
    noValidate
    onSubmit={(event) => {
      event.preventDefault();
      footer.onSave(null);
    }}
  >
    <Stack gap="lg">{children}</Stack>
    <EditorFooter experienceId={experienceId} step={step} form={footer} />
    {guardDialog}
  </form>
);
