import { z } from 'zod';
import { permissionSet } from './auth.ts';
import { email, id, password, personName, timestamp, token } from './common.ts';

export const role = z.object({
  id,
  name: z.string(),
  description: z.string(),
  is_owner: z.boolean(),
  members_count: z.number().int(),
  permission_sets: z.array(permissionSet),
  created_at: timestamp,
});
export type Role = z.infer<typeof role>;

export const roleInput = z.strictObject({
  name: z.string().trim().min(1, { error: 'This field may not be blank.' }).max(80),
  description: z.string().trim().max(500).default(''),
  permission_set_ids: z.array(id).max(50).default([]),
});
export const rolePatchInput = z.strictObject({
  name: roleInput.shape.name.optional(),
  description: z.string().trim().max(500).optional(),
  permission_set_ids: z.array(id).max(50).optional(),
});
export type RoleInput = z.infer<typeof roleInput>;
export const ROLE_ORDERING = ['name', 'created_at', 'members_count'] as const;

export const MEMBER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const teamMember = z.object({
  id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.enum(MEMBER_STATUSES),
  role: z.object({ id, name: z.string() }).nullable(),
  is_owner: z.boolean(),
  invited_at: timestamp.nullable(),
  joined_at: timestamp.nullable(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const teamMemberInput = z.strictObject({
  email,
  first_name: personName.default(''),
  last_name: personName.default(''),
  role_id: id,
});
export const teamMemberPatchInput = z.strictObject({
  first_name: personName.optional(),
  last_name: personName.optional(),
  role_id: id.optional(),
  status: z.enum(['active', 'deactivated']).optional(),
});
export const TEAM_MEMBER_ORDERING = ['email', 'first_name', 'last_name', 'status', 'invited_at'] as const;

export const acceptInviteInput = z.strictObject({
  token,
  password,
  first_name: personName.optional(),
  last_name: personName.optional(),
});
/** Accepting signs the new member in (session cookies) and names where to go next. */
export const acceptInviteResult = z.object({ subdomain: z.string(), redirect_url: z.string() });
export type AcceptInviteInput = z.infer<typeof acceptInviteInput>;

/** What an invitation link opens with: who is joining which organization, as the inviter entered it. */
export const invitationInput = z.strictObject({ token });
export const invitation = z.object({
  organization_name: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type Invitation = z.infer<typeof invitation>;
