/** The password rule the lifecycle forms show. Free of zod (contracts/values: what the console's first load may import). */

export const PASSWORD_MIN_LENGTH = 8;
