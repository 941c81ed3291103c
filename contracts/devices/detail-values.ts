/** Displays' orientations. Free of zod (contracts/values: what the console's first load may import). */

export const DISPLAY_ORIENTATIONS = [
  "normal",
  "90",
  "180",
  "270",
  "flipped",
  "90 flipped",
  "180 flipped",
  "270 flipped",
] as const;
