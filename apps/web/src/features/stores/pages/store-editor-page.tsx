import { MESSAGES } from '@excursio/contract/messages';
import type { Store } from '@excursio/contract/stores';
import { Alert, List, Skeleton, Stack } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Navigate, useParams } from 'react-router';
import { errorMessages } from '../../../lib/api/errors.ts';
import { useEditorSession } from '../../../lib/auth/use-editor-session.ts';
import { isRecordId, NOT_FOUND_MESSAGES } from '../../../lib/record-id.ts';
import { PAGE_FORM_WIDTH } from '../../../lib/theme.ts';
import { useScrollTopOnChange } from '../../../lib/use-scroll-top.ts';
import { useGetStoreQuery } from '../api.ts';
import { CatalogStep } from '../editor/catalog-step.tsx';
import { OverviewStep } from '../editor/overview-step.tsx';
import { ProductsStep } from '../editor/products-step.tsx';
import { BackToStores, StoreEditorHeader } from '../editor/store-editor-header.tsx';
import { SettingsStep } from '../settings/settings-step.tsx';
import { isStoreStep, STORE_LANDING_STEP, STORE_STEPS, type StoreStep, storeEditorPath } from '../store-paths.ts';

const STEPS: Record<StoreStep, ComponentType<{ store: Store }>> = {
  overview: OverviewStep,
  'store-products': ProductsStep,
  settings: SettingsStep,
  'add-products': CatalogStep,
};

/** The editor's errors in place of the editor (specification §2: the store editor shows them, no redirect). */
const LoadFailure = ({ messages }: { messages: string[] }) => (
  <Stack gap="md" maw={PAGE_FORM_WIDTH}>
    <BackToStores />
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The store could not be loaded" role="alert">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <List size="sm">
          {messages.map((m) => (
            <List.Item key={m}>{m}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  </Stack>
);

/**
 * `/sales/stores/editor/:storeId/:step?` (specification §2 "Editor entry and exit"): loads the store
 * unless it is cached, shows the errors when that fails, and keeps the redux editor flag and step
 * navigation while the editor is open (cleared on leaving).
 */
export const StoreEditorPage = () => {
  const { storeId, step } = useParams();
  const current = isStoreStep(step) ? step : null;
  // An id that is no id ("bogus") is a missing store: not asked for, its error shown in place.
  const badId = storeId !== undefined && !isRecordId(storeId);
  const { data: store, error } = useGetStoreQuery(storeId && !badId ? storeId : skipToken);
  useEditorSession(STORE_STEPS, current);
  useScrollTopOnChange(current);

  if (!storeId) return <LoadFailure messages={[MESSAGES.missingId('store')]} />;
  if (badId) return <LoadFailure messages={[NOT_FOUND_MESSAGES.store]} />;
  if (!current) return <Navigate to={storeEditorPath(storeId, STORE_LANDING_STEP)} replace />;
  if (error) return <LoadFailure messages={errorMessages(error)} />;
  if (!store) return <Skeleton h={320} radius="md" aria-label="Loading the store" />;
  const Step = STEPS[current];
  return (
    <Stack gap={0} maw={PAGE_FORM_WIDTH}>
      <StoreEditorHeader store={store} step={current} />
      <Step key={current} store={store} />
    </Stack>
  );
};
