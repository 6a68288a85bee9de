import { combineReducers } from '@reduxjs/toolkit';
import { api } from '../api/api.ts';
import { appInfoSlice } from '../auth/app-info.slice.ts';
import { authSlice } from '../auth/auth.slice.ts';
import { cartSlice } from '../auth/cart.slice.ts';
import { editorSlice } from '../auth/editor.slice.ts';
import { userSlice } from '../auth/user.slice.ts';

/**
 * The client state's shape (specification §3: user, app info, auth, cart, editor, and the API
 * cache), here in `lib/` so features type their selectors without importing the app's store.
 */
export const rootReducer = combineReducers({
  [authSlice.name]: authSlice.reducer,
  [userSlice.name]: userSlice.reducer,
  [appInfoSlice.name]: appInfoSlice.reducer,
  [cartSlice.name]: cartSlice.reducer,
  [editorSlice.name]: editorSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
