import type { LoginResponse, loginInput, RegistrationInput, registrationResult } from '@excursio/contract/auth';
import type { AcceptInviteInput, acceptInviteResult, Invitation } from '@excursio/contract/team';
import type { z } from 'zod';
import { api } from '../../../lib/api/api.ts';

const publicCall = { skipRefresh: true };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, z.infer<typeof loginInput>>({
      query: (body) => ({ url: '/jwt/create/', method: 'POST', body }),
      extraOptions: publicCall,
    }),
    register: build.mutation<z.infer<typeof registrationResult>, RegistrationInput>({
      query: (body) => ({ url: '/users/', method: 'POST', body }),
      extraOptions: publicCall,
    }),
    activate: build.mutation<void, { token: string }>({
      query: (body) => ({ url: '/users/activation/', method: 'POST', body }),
      // The page says what happened in its card (a used link: "already active"), no toast.
      extraOptions: { ...publicCall, silent: true },
    }),
    resendActivation: build.mutation<void, { email: string }>({
      query: (body) => ({ url: '/users/resend_activation/', method: 'POST', body }),
      extraOptions: publicCall,
    }),
    requestPasswordReset: build.mutation<void, { email: string }>({
      query: (body) => ({ url: '/users/reset_password/', method: 'POST', body }),
      extraOptions: publicCall,
    }),
    confirmPasswordReset: build.mutation<void, { token: string; new_password: string }>({
      query: (body) => ({ url: '/users/reset_password_confirm/', method: 'POST', body }),
      extraOptions: publicCall,
    }),
    exchangeCode: build.mutation<void, { code: string }>({
      query: (body) => ({ url: '/jwt/exchange/', method: 'POST', body }),
      extraOptions: publicCall,
    }),
    /** The invitation behind a link (organization, email, names); POST keeps the token out of URLs. */
    invitation: build.query<Invitation, string>({
      query: (token) => ({ url: '/team-members/invitation/', method: 'POST', body: { token } }),
      extraOptions: { ...publicCall, silent: true },
    }),
    acceptInvite: build.mutation<z.infer<typeof acceptInviteResult>, AcceptInviteInput>({
      query: (body) => ({ url: '/team-members/accept-invite/', method: 'POST', body }),
      extraOptions: publicCall,
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useActivateMutation,
  useResendActivationMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useExchangeCodeMutation,
  useAcceptInviteMutation,
  useInvitationQuery,
} = authApi;
