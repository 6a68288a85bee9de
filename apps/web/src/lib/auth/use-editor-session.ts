import { useEffect } from 'react';
import { useAppDispatch } from '../store/hooks.ts';
import { editorActivated, editorDeactivated, editorNavigationReset, editorNavigationSet } from './editor.slice.ts';

/** Previous / current / next of `step` among an editor's steps (empty at either end). */
export const stepNavigation = <S extends string>(steps: readonly S[], step: S) => {
  const index = steps.indexOf(step);
  return { previous: steps[index - 1] ?? '', current: step, next: steps[index + 1] ?? '' };
};

/**
 * The redux editor state while an editor (offer, store) is open (specification §3, §4): the
 * editor-active flag and previous / current / next step; both are cleared when the editor is left.
 */
export const useEditorSession = <S extends string>(steps: readonly S[], step: S | null) => {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(editorActivated());
    return () => {
      dispatch(editorDeactivated());
      dispatch(editorNavigationReset());
    };
  }, [dispatch]);
  useEffect(() => {
    if (step) dispatch(editorNavigationSet(stepNavigation(steps, step)));
  }, [steps, step, dispatch]);
};
