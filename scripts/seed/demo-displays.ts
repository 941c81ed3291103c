/** Demo applications and runners (global, Admin Panel) and the displays of runner devices. */

import { DEMO_TABLE, type DemoDeviceSpec, demoUuid, SPACE_UUID_OF } from "../../agent/sim/demo-data.ts";
import type { Rng } from "../../agent/sim/prng.ts";
import type {
  ApplicationConfig,
  applicationTable,
  displayApplicationTable,
  displayTable,
  runnerTable,
} from "../../drizzle/schema/index.ts";

const app = (n: number, name: string, config: ApplicationConfig) => ({
  uuid: demoUuid(DEMO_TABLE.application, n),
  name,
  config,
});

export const DEMO_APPLICATIONS = {
  webKiosk: app(1, "Web Kiosk", {
    launch: { kind: "url", url: "{{url}}" },
    template: {
      header: "Web Kiosk",
      description: "Shows one web page full screen and reloads it when it fails.",
      configurable_options: [
        {
          type: "text_input",
          deterministic_id: "url",
          name: "Start page",
          placeholder_text: "https://",
          default_value: "https://example.com",
        },
        { type: "toggle", deterministic_id: "touch", name: "Touch input", default_value: true },
        {
          type: "select",
          deterministic_id: "zoom",
          name: "Zoom",
          default_value: "100",
          possibilities: [
            { name: "90 %", value: "90" },
            { name: "100 %", value: "100" },
            { name: "125 %", value: "125" },
          ],
        },
      ],
    },
  }),
  signage: app(2, "Digital Signage Player", {
    launch: {
      kind: "url",
      url: "https://player.outpost.demo/?playlist={{playlist}}&shuffle={{shuffle}}&transition={{transition}}",
    },
    template: {
      header: "Digital Signage Player",
      description: "Plays a playlist of images and videos.",
      configurable_options: [
        {
          type: "text_input",
          deterministic_id: "playlist",
          name: "Playlist URL",
          placeholder_text: "https://…/playlist.json",
        },
        { type: "toggle", deterministic_id: "shuffle", name: "Shuffle", default_value: false },
        {
          type: "radio",
          deterministic_id: "transition",
          name: "Transition",
          default_value: "fade",
          possibilities: [
            { text: "Fade", value: "fade" },
            { text: "Slide", value: "slide" },
            { text: "None", value: "none" },
          ],
        },
      ],
    },
  }),
  checkout: app(3, "Self-checkout", {
    launch: {
      kind: "command",
      command: ["/opt/outpost/self-checkout", "--currency={{currency}}", "--print-receipts={{receipt}}"],
    },
    template: {
      header: "Self-checkout",
      description: "Scan, pay by card or cash, print the receipt.",
      configurable_options: [
        {
          type: "select",
          deterministic_id: "currency",
          name: "Currency",
          default_value: "EUR",
          possibilities: [
            { name: "Euro", value: "EUR" },
            { name: "Convertible mark", value: "BAM" },
          ],
        },
        { type: "toggle", deterministic_id: "receipt", name: "Print receipts", default_value: true },
      ],
    },
  }),
  queue: app(4, "Queue Display", {
    launch: { kind: "url", url: "https://queue.outpost.demo/?counters={{counters}}&chime={{chime}}" },
    template: {
      header: "Queue Display",
      description: "Shows the next ticket numbers and counters.",
      configurable_options: [
        { type: "text_input", deterministic_id: "counters", name: "Counters", placeholder_text: "1,2,3" },
        { type: "toggle", deterministic_id: "chime", name: "Chime on call", default_value: true },
      ],
    },
  }),
};

export function applicationRows(at: string): (typeof applicationTable.$inferInsert)[] {
  return Object.values(DEMO_APPLICATIONS).map((a) => ({ ...a, created_at: at, updated_at: at }));
}

export function runnerRows(at: string): (typeof runnerTable.$inferInsert)[] {
  return [
    {
      uuid: demoUuid(DEMO_TABLE.runner, 1),
      name: "Chromium Kiosk Runner",
      config: {
        engine: "chromium",
        version: "130",
        flags: ["--kiosk", "--noerrdialogs", "--disable-pinch"],
        watchdog_seconds: 30,
      },
      created_at: at,
      updated_at: at,
    },
    {
      uuid: demoUuid(DEMO_TABLE.runner, 2),
      name: "Android Signage Runner",
      config: { engine: "exoplayer", min_sdk: 30, cache_mb: 2048, autostart: true },
      created_at: at,
      updated_at: at,
    },
  ];
}

const MODELS = [
  "DELL P2422H",
  "Samsung QM55R",
  "LG 55UH5F",
  "Elo 2203L",
  "iiyama ProLite T2454MSC",
  "Philips 10BDL3051T",
];
const RATES: Record<string, number[]> = {
  "3840x2160": [60, 30],
  "1920x1080": [60, 59.94, 50],
  "1280x720": [60, 50],
};

export function displayRows(devices: readonly DemoDeviceSpec[], rng: Rng, at: (d: DemoDeviceSpec) => string) {
  const displays: (typeof displayTable.$inferInsert)[] = [];
  const links: (typeof displayApplicationTable.$inferInsert)[] = [];
  let n = 0;
  for (const d of devices) {
    if (!d.device_class || d.type === "camera" || d.status === "non_connected" || d.status === "installation_pending")
      continue;
    const count =
      d.type === "android_tv"
        ? 1
        : d.device_class === "retail_pos"
          ? 2
          : d.device_class === "kiosk"
            ? rng.int(1, 2)
            : rng.int(1, 3);
    for (let i = 0; i < count; i++) {
      const uuid = demoUuid(DEMO_TABLE.display, ++n);
      const output =
        d.type === "android_tv"
          ? "HDMI"
          : d.type === "raspberry_pi"
            ? `HDMI-A-${i + 1}`
            : rng.pick(["HDMI-1", "DP-1"]).replace("1", String(i + 1));
      const model = d.type === "android_tv" ? "Built-in TV" : rng.pick(MODELS);
      const uhd = model.includes("QM55R") || model.includes("55UH5F");
      const available = uhd ? ["3840x2160", "1920x1080", "1280x720"] : ["1920x1080", "1280x720"];
      displays.push({
        uuid,
        space_uuid: SPACE_UUID_OF[d.space],
        device_uuid: d.uuid,
        name: `${output}@${model}`,
        primary: i === 0,
        disabled: i === 2,
        resolution: "1920x1080",
        available_resolutions: available,
        refresh_rate: 60,
        available_refresh_rates: Object.fromEntries(available.map((r) => [r, RATES[r]])),
        orientation: d.device_class === "visualization" && d.type === "raspberry_pi" ? "90" : "normal",
        graphical_output: output,
        created_at: at(d),
        updated_at: at(d),
      });
      const application =
        i === 0
          ? d.device_class === "kiosk"
            ? DEMO_APPLICATIONS.webKiosk
            : d.device_class === "retail_pos"
              ? DEMO_APPLICATIONS.checkout
              : DEMO_APPLICATIONS.signage
          : d.device_class === "retail_pos"
            ? DEMO_APPLICATIONS.queue
            : i === 1
              ? DEMO_APPLICATIONS.signage
              : null;
      if (!application) continue;
      const config: Record<string, unknown> =
        application === DEMO_APPLICATIONS.webKiosk
          ? { url: `https://kiosk.outpost.demo/${d.location ?? "default"}`, touch: true, zoom: "100" }
          : application === DEMO_APPLICATIONS.checkout
            ? { currency: d.location === "mostar_old_town" ? "BAM" : "EUR", receipt: true }
            : application === DEMO_APPLICATIONS.queue
              ? { counters: "1,2", chime: true }
              : {
                  playlist: `https://cdn.outpost.demo/playlists/${d.location ?? "default"}.json`,
                  shuffle: false,
                  transition: "fade",
                };
      links.push({
        display_uuid: uuid,
        application_uuid: application.uuid,
        space_uuid: SPACE_UUID_OF[d.space],
        config,
        position: 0,
      });
    }
  }
  return { displays, links };
}
