import { configureStore } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { api } from '../lib/api/api.ts';
import { appInfoSlice } from '../lib/auth/app-info.slice.ts';
import { authSlice } from '../lib/auth/auth.slice.ts';
import { cartSlice } from '../lib/auth/cart.slice.ts';
import { editorSlice } from '../lib/auth/editor.slice.ts';
import { userSlice } from '../lib/auth/user.slice.ts';

export const store = configureStore({
  reducer: {
    [authSlice.name]: authSlice.reducer,
    [userSlice.name]: userSlice.reducer,
    [appInfoSlice.name]: appInfoSlice.reducer,
    [cartSlice.name]: cartSlice.reducer,
    [editorSlice.name]: editorSlice.reducer,
    [api.reducerPath]: api.reducer,
  },
  middleware: (getDefault) => getDefault().concat(api.middleware),
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
