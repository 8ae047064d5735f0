// users.status by name (issue 21 item 5), declared once: compared and written through these names everywhere, as
// report statuses are (DISPOSE_STATUS). The numbers are the stored values (migrations' triggers and indexes use them).
export const USER_STATUS = {
  /** Banned by an operator (/admin/users): cannot log in; their content stays. */
  BANNED: 0,
  ACTIVE: 1,
  /** Deleted by the owner (account rights): the profile anonymised, shown as 已注销用户. */
  DELETED: 2,
} as const;

export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];

/** Active accounts may log in, receive messages to everyone and show their public profile. */
export const isActiveUser = (status: number): boolean => status === USER_STATUS.ACTIVE;
