import { createSlice } from '@reduxjs/toolkit';
import { loggedOut } from './auth.slice.ts';

/** The cart's contents are not specified yet; the slice exists so logout can clear it. */
export type CartState = { cart: null };

const initialState: CartState = { cart: null };

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    cartCleared: (state) => {
      state.cart = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, (state) => {
      state.cart = null;
    });
  },
});

export const { cartCleared } = cartSlice.actions;
