import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Editor navigation: previous, current and next step, all empty by default (specification §3). */
export type EditorNavigation = { previous: string; current: string; next: string };

export type EditorState = { isEditorActive: boolean; navigation: EditorNavigation };

export const EMPTY_EDITOR_NAVIGATION: EditorNavigation = { previous: '', current: '', next: '' };

const initialState: EditorState = { isEditorActive: false, navigation: EMPTY_EDITOR_NAVIGATION };

export const editorSlice = createSlice({
  name: 'editor',
  initialState,
  reducers: {
    editorActivated: (state) => {
      state.isEditorActive = true;
    },
    editorDeactivated: (state) => {
      state.isEditorActive = false;
    },
    editorNavigationSet: (state, action: PayloadAction<EditorNavigation>) => {
      state.navigation = action.payload;
    },
    editorNavigationReset: (state) => {
      state.navigation = EMPTY_EDITOR_NAVIGATION;
    },
  },
});

export const { editorActivated, editorDeactivated, editorNavigationSet, editorNavigationReset } = editorSlice.actions;
