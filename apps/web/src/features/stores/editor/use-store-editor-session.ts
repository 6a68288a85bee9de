import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/store.ts';
import {
  editorActivated,
  editorDeactivated,
  editorNavigationReset,
  editorNavigationSet,
} from '../../../lib/auth/editor.slice.ts';
import { STORE_STEPS, type StoreStep } from '../store-paths.ts';

/** Previous / current / next step of the store editor (empty at either end). */
export const storeEditorNavigation = (step: StoreStep) => {
  const index = STORE_STEPS.indexOf(step);
  return { previous: STORE_STEPS[index - 1] ?? '', current: step, next: STORE_STEPS[index + 1] ?? '' };
};

/**
 * The redux editor state while the store editor is open (specification §3, §4): the editor-active
 * flag and the step navigation, both cleared when the editor is left.
 */
export const useStoreEditorSession = (step: StoreStep | null) => {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(editorActivated());
    return () => {
      dispatch(editorDeactivated());
      dispatch(editorNavigationReset());
    };
  }, [dispatch]);
  useEffect(() => {
    if (step) dispatch(editorNavigationSet(storeEditorNavigation(step)));
  }, [step, dispatch]);
};
