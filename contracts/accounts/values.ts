/** Accounts' statuses, page sizes and export choices. Free of zod (contracts/values: what the console's first load may import). */

/** console.md §3.7: an account's status in the space. */
export const ACCOUNT_STATUSES = ["invited", "active", "disabled"] as const;

export const ACCOUNT_PAGE_SIZES = [5, 10, 15, 20] as const;
export const DEFAULT_ACCOUNT_PAGE_SIZE = 10;

export const EXPORT_FORMATS = ["csv", "html"] as const;
export const EXPORT_SCOPES = ["page", "all"] as const;
