/**
 * Who may act: an activated user, in an active organization, whose team membership is active.
 * Login, refresh, password/email mails and every authenticated request apply this one rule.
 */
export const canSignIn = (
  user: { isActive: boolean; accountActive: boolean; memberStatus: string | null } | null | undefined,
): boolean => Boolean(user?.isActive && user.accountActive && user.memberStatus === 'active');
