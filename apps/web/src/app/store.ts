import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api/api.ts';
import { rootReducer } from '../lib/store/root-reducer.ts';

/** The dashboard's one store: the reducers' shape and the typed hooks live in `lib/store/`. */
export const store = configureStore({
  reducer: rootReducer,
  middleware: (getDefault) => getDefault().concat(api.middleware),
});
