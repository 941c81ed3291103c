/**
 * The public account-lifecycle routes (console.md §2.1), each a real form (§7.7). A module of its
 * own so the router can list them without loading the pages' chunk.
 */
export const publicPages = [
  "account-registration",
  "space-join",
  "account-password-update",
  "account-password-reset",
  "update-account",
  "forgot-password",
  "change-password",
] as const;

export type PublicPage = (typeof publicPages)[number];
