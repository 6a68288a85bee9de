import { api } from '../../../lib/api/api.ts';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    setPassword: build.mutation<void, { current_password: string; new_password: string }>({
      query: (body) => ({ url: '/users/set_password/', method: 'POST', body }),
    }),
    setEmail: build.mutation<void, { current_password: string; new_email: string }>({
      query: (body) => ({ url: '/users/set_email/', method: 'POST', body }),
    }),
  }),
});

export const { useSetPasswordMutation, useSetEmailMutation } = accountApi;
