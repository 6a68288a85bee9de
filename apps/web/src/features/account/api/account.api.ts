import { api } from '../../../lib/api/api.ts';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    setPassword: build.mutation<void, { current_password: string; new_password: string }>({
      query: (body) => ({ url: '/users/set_password/', method: 'POST', body }),
    }),
  }),
});

export const { useSetPasswordMutation } = accountApi;
