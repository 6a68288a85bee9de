import type { EditorStep } from '@excursio/contract/experiences';
import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/store.ts';
import {
  editorActivated,
  editorDeactivated,
  editorNavigationReset,
  editorNavigationSet,
} from '../../../lib/auth/editor.slice.ts';
import { editorNavigationFor } from './editor-rules.ts';

/**
 * The redux editor state while the offer editor is open (specification §3, §4): the editor-active
 * flag and previous / current / next step; both are cleared when the editor is left.
 */
export const useEditorSession = (step: EditorStep | null) => {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(editorActivated());
    return () => {
      dispatch(editorDeactivated());
      dispatch(editorNavigationReset());
    };
  }, [dispatch]);
  useEffect(() => {
    if (step) dispatch(editorNavigationSet(editorNavigationFor(step)));
  }, [step, dispatch]);
};
