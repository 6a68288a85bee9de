// @vitest-environment happy-dom
import { EDITOR_STEPS, type EditorStep } from '@excursio/contract/experiences';
import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { EMPTY_EDITOR_NAVIGATION, editorSlice } from './editor.slice.ts';
import { useEditorSession } from './use-editor-session.ts';

const Probe = ({ step }: { step: EditorStep | null }) => {
  useEditorSession(EDITOR_STEPS, step);
  return null;
};

describe('useEditorSession', () => {
  it('sets the editor flag and navigation on enter and step change, and clears both on leave', () => {
    const store = configureStore({ reducer: { editor: editorSlice.reducer } });
    const editor = () => store.getState().editor;
    expect(editor()).toEqual({ isEditorActive: false, navigation: EMPTY_EDITOR_NAVIGATION });

    const view = render(
      <Provider store={store}>
        <Probe step="basic-info" />
      </Provider>,
    );
    expect(editor()).toEqual({
      isEditorActive: true,
      navigation: { previous: '', current: 'basic-info', next: 'description' },
    });

    view.rerender(
      <Provider store={store}>
        <Probe step="media" />
      </Provider>,
    );
    expect(editor()).toEqual({ isEditorActive: true, navigation: { previous: 'pricing', current: 'media', next: 'settings' } });

    view.unmount();
    expect(editor()).toEqual({ isEditorActive: false, navigation: EMPTY_EDITOR_NAVIGATION });
  });

  it('leaves the navigation empty while the step is not known yet', () => {
    const store = configureStore({ reducer: { editor: editorSlice.reducer } });
    render(
      <Provider store={store}>
        <Probe step={null} />
      </Provider>,
    );
    expect(store.getState().editor).toEqual({ isEditorActive: true, navigation: EMPTY_EDITOR_NAVIGATION });
  });
});
