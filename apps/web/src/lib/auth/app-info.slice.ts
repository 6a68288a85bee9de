import type { AppInfo } from '@excursio/contract/auth';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionApi } from '../api/session.api.ts';

export type AppInfoState = { appInfo: AppInfo | null };

const initialState: AppInfoState = { appInfo: null };

export const appInfoSlice = createSlice({
  name: 'appInfo',
  initialState,
  reducers: {
    appInfoSet: (state, action: PayloadAction<AppInfo>) => {
      state.appInfo = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(sessionApi.endpoints.getAppInfo.matchFulfilled, (state, action) => {
      state.appInfo = action.payload;
    });
  },
});

export const { appInfoSet } = appInfoSlice.actions;
