import type { Paginated } from '@excursio/contract/list';
import type { Role, TeamMember } from '@excursio/contract/team';
import { api } from '../../../lib/api/api.ts';

export type ListArgs = Record<string, string | number>;
export type RoleWrite = { name: string; description: string; permission_set_ids: string[] };
export type MemberInvite = { email: string; first_name: string; last_name: string; role_id: string };
export type MemberPatch = {
  id: string;
  role_id?: string;
  status?: 'active' | 'deactivated';
  first_name?: string;
  last_name?: string;
};

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTeamMembers: build.query<Paginated<TeamMember>, ListArgs>({
      query: (params) => ({ url: '/team-members/', params }),
      providesTags: ['TeamMember'],
    }),
    inviteTeamMember: build.mutation<TeamMember, MemberInvite>({
      query: (body) => ({ url: '/team-members/', method: 'POST', body }),
      invalidatesTags: ['TeamMember', 'Role'],
    }),
    updateTeamMember: build.mutation<TeamMember, MemberPatch>({
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
    createRole: build.mutation<Role, RoleWrite>({
      query: (body) => ({ url: '/roles/', method: 'POST', body }),
      invalidatesTags: ['Role'],
    }),
    updateRole: build.mutation<Role, RoleWrite & { id: string }>({
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
