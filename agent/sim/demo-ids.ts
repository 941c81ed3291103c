/**
 * The demo's id scheme and the two spaces: every other demo table derives its uuids from here, so
 * this file imports none of them.
 */
/** Demo uuids: 6f1c7a52-01TT-4000-8000-NNNNNNNNNNNN, TT = table number below, N = row number. */
export const demoUuid = (table: number, row: number) =>
  `6f1c7a52-01${String(table).padStart(2, "0")}-4000-8000-${String(row).padStart(12, "0")}`;

export const DEMO_TABLE = {
  space: 0,
  user: 1,
  account: 2,
  location: 3,
  tag: 4,
  location_group: 5,
  working_time: 6,
  device: 7,
  peripheral: 8,
  display: 9,
  camera: 10,
  comment: 11,
  application: 12,
  runner: 13,
  installation_code: 14,
  detection_scan: 15,
  detected_device: 16,
  installation_image: 17,
  alert_rule: 18,
  alert_channel: 19,
} as const;

export const DEMO_SPACE_UUID = demoUuid(DEMO_TABLE.space, 1);
export const LAB_SPACE_UUID = demoUuid(DEMO_TABLE.space, 2);
export const DEMO_PASSWORD = "outpost-demo";

export type DemoSpaceKey = "demo" | "lab";
export const SPACE_UUID_OF: Record<DemoSpaceKey, string> = { demo: DEMO_SPACE_UUID, lab: LAB_SPACE_UUID };
