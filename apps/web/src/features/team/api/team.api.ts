import type { Paginated } from '@excursio/contract/list';
import type { Role, RoleInput, TeamMember, teamMemberInput, teamMemberPatchInput } from '@excursio/contract/team';
import type { z } from 'zod';
import { api } from '../../../lib/api/api.ts';

type ListArgs = Record<string, string | number>;

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTeamMembers: build.query<Paginated<TeamMember>, ListArgs>({
      query: (params) => ({ url: '/team-members/', params }),
      providesTags: ['TeamMember'],
    }),
    inviteTeamMember: build.mutation<TeamMember, z.infer<typeof teamMemberInput>>({
      query: (body) => ({ url: '/team-members/', method: 'POST', body }),
      invalidatesTags: ['TeamMember', 'Role'],
    }),
    updateTeamMember: build.mutation<TeamMember, z.infer<typeof teamMemberPatchInput> & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/team-members/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['TeamMember', 'Role'],
    }),
    deleteTeamMember: build.mutation<void, string>({
      query: (id) => ({ url: `/team-members/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['TeamMember', 'Role'],
    }),
    listRoles: build.query<Paginated<Role>, ListArgs>({
      query: (params) => ({ url: '/roles/', params }),
      providesTags: ['Role'],
    }),
    createRole: build.mutation<Role, RoleInput>({
      query: (body) => ({ url: '/roles/', method: 'POST', body }),
      invalidatesTags: ['Role'],
    }),
    updateRole: build.mutation<Role, RoleInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/roles/${id}/`, method: 'PATCH', body }),
      invalidatesTags: ['Role', 'TeamMember'],
    }),
    deleteRole: build.mutation<void, string>({
      query: (id) => ({ url: `/roles/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['Role'],
    }),
  }),
});

export const {
  useListTeamMembersQuery,
  useInviteTeamMemberMutation,
  useUpdateTeamMemberMutation,
  useDeleteTeamMemberMutation,
  useListRolesQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
} = teamApi;
