/** The performance list's page size. Free of zod (contracts/values: what the console's first load may import, issue 19). */

export const MONITORING_PAGE_SIZE = 36;
