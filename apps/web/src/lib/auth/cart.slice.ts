import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from './auth.slice.ts';

/**
 * The checkout's client side (specification §2 "cart" state): the booking being put together
 * before it becomes a cart line. The cart itself — its lines and their held places — lives on the
 * server (`/api/cart/`); this keeps the half-made choice when the operator looks elsewhere and comes
 * back.
 */
export type CheckoutDraft = {
  experienceId: string | null;
  /** `YYYY-MM-DD` in the offer's zone. */
  date: string | null;
  availabilityId: string | null;
  rateId: string | null;
  /** Participants per pricing category id. */
  quantities: Record<string, number>;
  /** Extras per inventory item id. */
  extras: Record<string, number>;
  /** Answers per booking question id. */
  answers: Record<string, string>;
};

export type CartState = { draft: CheckoutDraft };

export const emptyDraft: CheckoutDraft = {
  experienceId: null,
  date: null,
  availabilityId: null,
  rateId: null,
  quantities: {},
  extras: {},
  answers: {},
};

const initialState: CartState = { draft: emptyDraft };

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** Choosing another offer starts over; another date forgets the slot. */
    draftChanged: (state, action: PayloadAction<Partial<CheckoutDraft>>) => {
      const next = { ...state.draft, ...action.payload };
      if (action.payload.experienceId !== undefined && action.payload.experienceId !== state.draft.experienceId) {
        state.draft = { ...emptyDraft, experienceId: action.payload.experienceId };
        return;
      }
      if (action.payload.date !== undefined && action.payload.date !== state.draft.date) next.availabilityId = null;
      state.draft = next;
    },
    /** After the line is added, the same offer and date stay for the next one. */
    draftAdded: (state) => {
      state.draft = { ...emptyDraft, experienceId: state.draft.experienceId, date: state.draft.date };
    },
    cartCleared: (state) => {
      state.draft = emptyDraft;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, (state) => {
      state.draft = emptyDraft;
    });
  },
});

export const { draftChanged, draftAdded, cartCleared } = cartSlice.actions;
