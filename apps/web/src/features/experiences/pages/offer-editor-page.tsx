import { EDITOR_STEPS, type EditorStep, type Experience } from '@excursio/contract/experiences';
import { MESSAGES } from '@excursio/contract/messages';
import { Stack } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { type ComponentType, Suspense, useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useGetExperienceQuery } from '../../../lib/api/catalog.api.ts';
import { useEditorSession } from '../../../lib/auth/use-editor-session.ts';
import { notifyError } from '../../../lib/notify.ts';
import { isRecordId, NOT_FOUND_MESSAGES } from '../../../lib/record-id.ts';
import { PAGE_FORM_WIDTH } from '../../../lib/theme.ts';
import { useScrollTopOnChange } from '../../../lib/use-scroll-top.ts';
import { editorPath } from '../editor/editor-footer.tsx';
import { EditorHeader } from '../editor/editor-header.tsx';
import { FIRST_STEP, isEditorStep, OVERVIEW_PATH } from '../editor/editor-rules.ts';
import { EditorSkeleton, StepSkeleton } from '../editor/editor-skeleton.tsx';
import { BasicInfoStep } from '../editor/steps/basic-info-step.tsx';
import { BookingInfoStep } from '../editor/steps/booking-info-step.tsx';
import { DescriptionStep } from '../editor/steps/description-step.tsx';
import { MediaStep } from '../editor/steps/media-step.tsx';
import { PreviewStep } from '../editor/steps/preview-step.tsx';
import { PricingStep } from '../editor/steps/pricing-step.tsx';
import { SettingsStep } from '../editor/steps/settings-step.tsx';

const STEPS: Record<EditorStep, ComponentType<{ experience: Experience }>> = {
  'basic-info': BasicInfoStep,
  description: DescriptionStep,
  pricing: PricingStep,
  media: MediaStep,
  settings: SettingsStep,
  'booking-info': BookingInfoStep,
  preview: PreviewStep,
};

/**
 * `/products/experiences/editor/:experienceId/:step?` (specification §2 "Editor entry and exit"):
 * loads the offer unless it is cached, sends the user back to the overview when loading fails,
 * and keeps the redux editor flag and navigation in step while the editor is open.
 */
export const OfferEditorPage = () => {
  const { experienceId, step } = useParams();
  const navigate = useNavigate();
  const current = isEditorStep(step) ? step : null;
  // An id that is no id ("bogus") is a missing offer: not asked for, back to the overview.
  const badId = experienceId !== undefined && !isRecordId(experienceId);
  const { data: experience, error } = useGetExperienceQuery(experienceId && !badId ? experienceId : skipToken);

  useEffect(() => {
    if (experienceId && !badId) return;
    notifyError(badId ? NOT_FOUND_MESSAGES.experience : MESSAGES.missingId('experience'));
    navigate(OVERVIEW_PATH, { replace: true });
  }, [experienceId, badId, navigate]);

  // The request layer has already shown the error toasts.
  useEffect(() => {
    if (error) navigate(OVERVIEW_PATH, { replace: true });
  }, [error, navigate]);

  useEditorSession(EDITOR_STEPS, current);
  useScrollTopOnChange(current);

  if (!experienceId || badId) return null;
  // No step, or one the editor does not have: the landing step.
  if (!current) return <Navigate to={editorPath(experienceId, FIRST_STEP)} replace />;
  if (!experience) return <EditorSkeleton />;
  const Step = STEPS[current];
  // One width for every step (ui.md: page forms 1100 px), the sticky footer included: it is in the same column.
  return (
    <Stack gap={0} maw={PAGE_FORM_WIDTH}>
      <EditorHeader experience={experience} step={current} />
      {/* A step whose code is still loading shows its shape, never an empty page. */}
      <Suspense fallback={<StepSkeleton />}>
        <Step key={current} experience={experience} />
      </Suspense>
    </Stack>
  );
};
