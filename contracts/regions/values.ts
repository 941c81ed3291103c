/** Where a space's rooms live. Free of zod (contracts/values: what the console's first load may import). */

/**
 * Where a space's rooms (its SpaceRoom, LocationRooms and DeviceRooms) are created:
 * a Durable Object location hint, or `eu` for the EU jurisdiction (the rooms are created and
 * kept in the EU), or `local` for no hint (Cloudflare places a room near its first caller).
 * Kept in the space's `space_datacenter`; set by a super admin.
 */
export const SPACE_REGIONS = ["local", "wnam", "enam", "sam", "weur", "eeur", "apac", "oc", "afr", "me", "eu"] as const;
