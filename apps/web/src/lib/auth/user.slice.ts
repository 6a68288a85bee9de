import type { Me } from '@excursio/contract/auth';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionApi } from '../api/session.api.ts';
import { loggedOut } from './auth.slice.ts';

export type UserState = { user: Me | null };

const initialState: UserState = { user: null };

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    userSet: (state, action: PayloadAction<Me>) => {
      state.user = action.payload;
    },
    userRemoved: (state) => {
      state.user = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, (state) => {
        state.user = null;
      })
      .addMatcher(sessionApi.endpoints.getMe.matchFulfilled, (state, action) => {
        state.user = action.payload;
      })
      .addMatcher(sessionApi.endpoints.updateMe.matchFulfilled, (state, action) => {
        state.user = action.payload;
      });
  },
});

export const { userSet, userRemoved } = userSlice.actions;
