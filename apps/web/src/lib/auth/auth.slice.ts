import { createSlice } from '@reduxjs/toolkit';

/** Specification §4: starts not authenticated, with initial loading true. */
export type AuthState = { isAuthenticated: boolean; initialLoading: boolean };

const initialState: AuthState = { isAuthenticated: false, initialLoading: true };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    authCheckStarted: (state) => {
      state.initialLoading = true;
    },
    authenticated: (state) => {
      state.isAuthenticated = true;
      state.initialLoading = false;
    },
    unauthenticated: (state) => {
      state.isAuthenticated = false;
      state.initialLoading = false;
    },
    /** Clears authentication; the user and cart slices clear themselves on this action too. */
    loggedOut: (state) => {
      state.isAuthenticated = false;
      state.initialLoading = false;
    },
  },
});

export const { authCheckStarted, authenticated, unauthenticated, loggedOut } = authSlice.actions;
