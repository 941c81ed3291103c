/** Comments' limit. Free of zod (contracts/values: what the console's first load may import, issue 19). */

export const COMMENT_MAX = 1000;
