/** Saved views' limits. Free of zod (contracts/values: what the console's first load may import). */

export const SAVED_VIEW_NAME_MAX = 60;
