/**
 * The demo spaces' fixed facts: ids, sign-ins, locations, tags, groups, schedules and the fleet
 * plan. scripts/seed-demo.ts turns them into SQL; the start script, README and e2e tests read
 * them by name. Only plain data here (no database, no hashing). The tables live in one file each
 * (demo-ids, demo-people, demo-locations, demo-organisation, demo-devices); this file gathers them
 * so importers name one place.
 */
export * from "./demo-devices.ts";
export * from "./demo-ids.ts";
export * from "./demo-locations.ts";
export * from "./demo-organisation.ts";
export * from "./demo-people.ts";
