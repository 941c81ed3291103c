/** How an installation code is shown. Free of zod (contracts/values: what the console's first load may import). */

/** The code as the card shows it: blocks of 4 characters (devices.md §2, console.md). */
export const installationCodeBlocks = (code: string): string[] => code.match(/.{1,4}/g) ?? [];
