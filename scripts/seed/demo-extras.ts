/** Demo cameras, comments and one Detect Devices run. */

import {
  DEMO_TABLE,
  DEMO_USER_UUID,
  type DemoDeviceSpec,
  demoUuid,
  locationUuid,
  SPACE_UUID_OF,
} from "../../agent/sim/demo-data.ts";
import { DEVICE_TYPE_UUID } from "../../contracts/reference.ts";
import type {
  cameraTable,
  commentTable,
  detectedDeviceTable,
  detectionScanTable,
  deviceTable,
  displayTable,
  peripheralTable,
} from "../../drizzle/schema/index.ts";

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

export function cameraRows(
  specs: readonly DemoDeviceSpec[],
  devices: readonly (typeof deviceTable.$inferInsert)[],
  at: string,
) {
  let n = 0;
  return specs
    .filter((s) => s.type === "camera" && s.location)
    .map((s): typeof cameraTable.$inferInsert => {
      const ip = devices.find((d) => d.uuid === s.uuid)?.ip_address ?? `10.99.0.${100 + s.n}`;
      const axis = s.name.includes("Hall");
      const main = axis ? "axis-media/media.amp?resolution=1920x1080" : "Streaming/Channels/101";
      return {
        uuid: demoUuid(DEMO_TABLE.camera, ++n),
        space_uuid: SPACE_UUID_OF[s.space],
        location_uuid: locationUuid(s.location ?? ""),
        device_uuid: s.uuid,
        name: s.name,
        ip_address: ip,
        http_port: 80,
        main_rtsp_port: 554,
        sub_rtsp_port: 554,
        main_rtsp_url: `rtsp://${ip}:554/${main}`,
        main_stream: main,
        sub_stream: axis ? "axis-media/media.amp?resolution=640x360" : "Streaming/Channels/102",
        username: "outpost",
        password: `demo-cam-${n}`,
        created_at: at,
        updated_at: at,
      };
    });
}

type Target = { device: string; on?: "display" | "peripheral" };
const COMMENTS: [Target, author: string, value: string, hoursAgo: number][] = [
  [
    { device: "ST Self-checkout 2" },
    "admin",
    "Disk almost full: log rotation was off after the last image update.",
    30,
  ],
  [
    { device: "ST Self-checkout 2" },
    "content_manager",
    "Cleared old promo videos, 3 GB free now. Needs a visit to swap the SSD.",
    6,
  ],
  [
    { device: "MO Exchange Kiosk", on: "peripheral" },
    "content_manager",
    "Bill acceptor jams on worn 10 BAM notes.",
    20,
  ],
  [{ device: "MO Exchange Kiosk", on: "peripheral" }, "admin", "Technician booked for Thursday morning.", 4],
  [{ device: "OS Line Monitor B" }, "sys_dev", "Runs hot: the enclosure fan is blocked by a cable tray.", 50],
  [{ device: "ZG Lobby Signage", on: "display" }, "content_manager", "New spring playlist uploaded.", 72],
  [{ device: "ZG Reception Kiosk" }, "super_admin", "Vision enabled for the visitor counter pilot.", 120],
  [{ device: "ZD Promo Wall", on: "display" }, "admin", "Third screen disabled until the bracket is fixed.", 96],
  [
    { device: "VI Registration Kiosk 2" },
    "content_manager",
    "Camera disabled on request of the organiser (privacy).",
    12,
  ],
  [{ device: "RI Dock Terminal 1" }, "admin", "Wi-Fi bridge in the dock is flaky; cable ordered.", 40],
  [{ device: "PU Test Kiosk" }, "sys_dev", "Debug mode on while testing the new runner build.", 2],
];

export function commentRows(
  specs: readonly DemoDeviceSpec[],
  displays: readonly (typeof displayTable.$inferInsert)[],
  peripherals: readonly (typeof peripheralTable.$inferInsert)[],
  now: number,
): (typeof commentTable.$inferInsert)[] {
  return COMMENTS.map(([target, author, value, hoursAgo], i) => {
    const spec = specs.find((s) => s.name === target.device);
    if (!spec) throw new Error(`no demo device ${target.device}`);
    const display =
      target.on === "display" ? displays.find((d) => d.device_uuid === spec.uuid && d.primary) : undefined;
    const peripheral =
      target.on === "peripheral"
        ? peripherals.find((p) => p.device_uuid === spec.uuid && (p.status ?? 0) > 0)
        : undefined;
    const at = iso(now - hoursAgo * HOUR);
    return {
      uuid: demoUuid(DEMO_TABLE.comment, i + 1),
      space_uuid: SPACE_UUID_OF[spec.space],
      device_uuid: spec.uuid,
      display_uuid: display?.uuid ?? null,
      peripheral_uuid: peripheral?.uuid ?? null,
      author_user_uuid: DEMO_USER_UUID[author],
      value,
      created_at: at,
      updated_at: at,
    };
  });
}

/** A completed scan at Zadar City Mall: three installable machines and one already installed. */
export function detectionRows(specs: readonly DemoDeviceSpec[], now: number) {
  const space_uuid = SPACE_UUID_OF.demo;
  const location_uuid = locationUuid("zadar_mall");
  const scanAt = now - 2 * HOUR;
  const scan: typeof detectionScanTable.$inferInsert = {
    uuid: demoUuid(DEMO_TABLE.detection_scan, 1),
    space_uuid,
    location_uuid,
    requested_by_user_uuid: DEMO_USER_UUID.admin,
    status: "completed",
    total_detections: 4,
    created_at: iso(scanAt),
    completed_at: iso(scanAt + 4000),
  };
  const installed = specs.find((s) => s.name === "ZD Info Kiosk North");
  const found: [name: string, ip: string, mac: string, type: keyof typeof DEVICE_TYPE_UUID, device?: string][] = [
    ["ubuntu-kiosk-7f3a", "10.25.0.61", "1c:69:7a:0e:7f:3a", "linux"],
    ["android-tv-2b91", "10.25.0.62", "58:b6:23:41:2b:91", "android_tv"],
    ["unknown-0c11", "10.25.0.63", "00:e0:4c:68:0c:11", "unknown"],
    ["zd-info-north", "10.25.0.33", "1c:69:7a:5d:21:c4", "linux", installed?.uuid],
  ];
  const detected = found.map(
    ([name, ip_address, mac_address, type, device_uuid], i): typeof detectedDeviceTable.$inferInsert => ({
      uuid: demoUuid(DEMO_TABLE.detected_device, i + 1),
      space_uuid,
      location_uuid,
      scan_uuid: scan.uuid,
      name,
      ip_address,
      mac_address,
      device_type_uuid: DEVICE_TYPE_UUID[type],
      connected_status: device_uuid ? "connected" : "non_connected",
      device_uuid: device_uuid ?? null,
      detected_at: iso(scanAt + 3000),
    }),
  );
  return { scan, detected };
}
