/** Comments' limit. Free of zod (contracts/values: what the console's first load may import). */

export const COMMENT_MAX = 1000;
