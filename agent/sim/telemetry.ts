import type { HealthCode } from "../../contracts/devices/health.ts";
import type { Telemetry } from "../../contracts/realtime/events.ts";
import {
  cpuStatus,
  diskHealth,
  gpuStatus,
  networkStatus,
  ramStatus,
  storageStatus,
  thermalStatus,
  uptimeStatus,
} from "../health.ts";
import { diskFillUsed, type EpisodeKind, episodeAt, errorRatioAt, heat, jamStatus, rng } from "./episodes.ts";

/**
 * A simulated device's telemetry: each value drifts as a mean-reverting random walk around the
 * device's own character (fixed by its uuid), load follows the opening hours, and episodes
 * (sim-episodes.ts) push it into warning and critical and back. Statuses are graded with the
 * real agent's functions, so they always match the shared thresholds.
 */

const GB = 1024 ** 3;
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** Headings a seeded device is stuck in (the demo seed's faults), and its peripherals' faults. */
export type Chronic = Partial<Record<"cpu" | "ram" | "storage" | "network" | "gpu" | "thermal" | "uptime", HealthCode>>;
export type DeviceType = "linux" | "windows" | "raspberry_pi" | "android_tv" | "camera";

export type SimProfileInput = {
  uuid: string;
  device_type: DeviceType;
  peripherals: readonly { name: string; type: string }[];
  chronic?: Chronic;
  peripheralFaults?: Partial<Record<string, number>>;
  /** When the simulated machine is created (ms): its boot time is placed before it. */
  now: number;
};

export type SimProfile = ReturnType<typeof simProfile>;

/** A device's character, fixed by its uuid (and the seed's faults for a seeded device). */
export function simProfile(input: SimProfileInput) {
  const r = rng(`${input.uuid}/character`);
  const chronic = input.chronic ?? {};
  const between = (lo: number, hi: number) => lo + r() * (hi - lo);
  const type = input.device_type;
  const small = type === "raspberry_pi" || type === "android_tv" || type === "camera";
  const threads = small ? 4 : [2, 4, 8][Math.floor(r() * 3)];
  const band = (code: HealthCode | undefined, warning: number, critical: number, normal: number) =>
    code === 3 ? critical : code === 2 ? warning : normal;
  return {
    uuid: input.uuid,
    type,
    threads,
    ram: (small ? 2 : 4) * GB * (1 + Math.floor(r() * 4)),
    disk: type === "android_tv" ? 16 * GB : type === "raspberry_pi" ? 32 * GB : 64 * GB * (1 + Math.floor(r() * 4)),
    partition: type === "windows" ? "C:" : type === "android_tv" ? "/data" : "/",
    /** Per-thread load at the busiest hour; chronic ones ignore the daily rhythm. */
    load: band(chronic.cpu, 1, 1.45, between(0.1, 0.55)),
    ramUsed: band(chronic.ram, 0.9, 0.97, between(0.3, 0.7)),
    diskUsed: band(chronic.storage, 0.9, 0.975, between(0.2, 0.7)),
    temperature: band(chronic.thermal, 82, 95, between(38, 55)),
    gpu:
      type === "android_tv" || type === "camera"
        ? null
        : type === "raspberry_pi"
          ? "VideoCore VII"
          : "Intel UHD Graphics",
    gpuLoad: band(chronic.gpu, 94, 99, between(4, 45)),
    bootedAt: input.now - band(chronic.uptime, 45 * DAY, 120 * DAY, between(0.05, 25) * DAY),
    iface: type === "raspberry_pi" ? "wlan0" : type === "windows" ? "Ethernet" : "eth0",
    /** Bytes per second at the busiest hour. */
    traffic: between(5e3, 2e5),
    errorRatio: band(chronic.network, 0.003, 0.02, 1e-6 * between(0, 5)),
    /** SMART for PCs (a rare drive predicted to fail); SD cards and eMMC are graded on usage. */
    smart: small ? null : r() < 0.04 ? "Predicted Failure" : "Ok",
    chronic,
    peripherals: input.peripherals.slice(0, 64),
    peripheralFaults: input.peripheralFaults ?? {},
  };
}

/** The episode kinds a device can have (not the ones it is already stuck in). */
export function episodeKinds(p: SimProfile): EpisodeKind[] {
  const has = (type: string) => p.peripherals.some((x) => x.type === type);
  if (p.type === "camera") return p.chronic.network ? [] : ["net_errors"];
  const kinds: EpisodeKind[] = [];
  if (!p.chronic.storage) kinds.push("disk_fill");
  if (!p.chronic.thermal && !p.chronic.cpu) kinds.push("hot_cpu");
  if (has("bill_acceptor") && !p.peripheralFaults.bill_acceptor) kinds.push("bill_jam");
  if (has("pos_printer") && !p.peripheralFaults.pos_printer) kinds.push("paper_low");
  if (!p.chronic.network) kinds.push("net_errors");
  return kinds;
}

/** Opening-hours rhythm of load and traffic (local time of the demo's locations, UTC+1). */
export function dailyRhythm(t: number): number {
  const hour = (((t / 3_600_000 + 1) % 24) + 24) % 24;
  return 0.3 + 0.7 * Math.max(0, Math.sin((Math.PI * (hour - 7)) / 15));
}

/** One step of an Ornstein–Uhlenbeck walk: pulled back to 0 with time constant `tau`, spread `sd`. */
function ou(x: number, dtMs: number, tauMs: number, sd: number, rand: () => number) {
  const a = Math.exp(-dtMs / tauMs);
  const normal = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  return x * a + sd * Math.sqrt(1 - a * a) * normal;
}

const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The simulated machine's sensors: `sample(t)` advances the walks to `t` and reads them.
 * Deterministic for a uuid and a sequence of times.
 */
export function simSensors(profile: SimProfile) {
  const rand = rng(`${profile.uuid}/walk`);
  const noise = { load: 0, ram: 0, disk: 0, temp: 0, gpu: 0, traffic: 0 };
  let last: number | null = null;
  let rx = 0;
  let tx = 0;
  let rxPackets = 0;
  let txPackets = 0;

  return (t: number): Telemetry => {
    const dt = last === null ? 0 : Math.max(0, t - last);
    if (last === null) {
      const since = Math.max(0, (t - profile.bootedAt) / 1000) * 0.55;
      rx = Math.floor(profile.traffic * since);
      tx = Math.floor(profile.traffic * 0.15 * since);
    } else {
      noise.load = ou(noise.load, dt, 8 * MIN, 0.06, rand);
      noise.ram = ou(noise.ram, dt, 30 * MIN, 0.02, rand);
      noise.disk = ou(noise.disk, dt, 6 * 60 * MIN, 0.004, rand);
      noise.temp = ou(noise.temp, dt, 5 * MIN, 1.2, rand);
      // A GPU stuck near its limit wobbles less than one following its content.
      noise.gpu = ou(noise.gpu, dt, 10 * MIN, profile.chronic.gpu ? 1.2 : 5, rand);
      noise.traffic = ou(noise.traffic, dt, 15 * MIN, 0.3, rand);
    }
    last = t;
    const on = (kind: EpisodeKind) => (episodeKinds(profile).includes(kind) ? episodeAt(profile.uuid, kind, t) : null);
    const hot = on("hot_cpu");
    const heating = hot ? heat(hot.progress) : 0;

    const rhythm = profile.chronic.cpu ? 1 : dailyRhythm(t);
    const ratio = clamp(profile.load * rhythm + noise.load + 0.8 * heating, 0.01, 3);
    const threads = profile.threads;
    const load1 = round(threads * ratio);
    const natural = profile.temperature + 14 * Math.min(1, ratio) + noise.temp;
    const temperature = round(natural + (97 - natural) * heating, 1);

    const ramUsed = clamp(profile.ramUsed + noise.ram, 0.05, 0.99);
    const free = Math.floor(profile.ram * (1 - ramUsed));
    const fill = on("disk_fill");
    const baseUsed = clamp(profile.diskUsed + noise.disk, 0.05, 0.99);
    const used = fill ? diskFillUsed(baseUsed, fill.progress) : baseUsed;
    const partitions = [{ name: profile.partition, size: profile.disk, free: Math.floor(profile.disk * (1 - used)) }];

    const rate = profile.traffic * dailyRhythm(t) * Math.exp(noise.traffic);
    rx += Math.floor((rate * dt) / 1000);
    tx += Math.floor((rate * 0.15 * dt) / 1000);
    // About 1 kB per received packet and 300 B per sent one.
    rxPackets = Math.floor(rx / 1000);
    txPackets = Math.floor(tx / 300);
    const errors = on("net_errors");
    const errorRatio = errors ? errorRatioAt(errors.progress) : profile.errorRatio;
    const nic = {
      name: profile.iface,
      up: true,
      rx_bytes: rx,
      tx_bytes: tx,
      rx_errors: Math.floor((rxPackets + txPackets) * errorRatio * 0.8),
      tx_errors: Math.floor((rxPackets + txPackets) * errorRatio * 0.2),
      rx_packets: rxPackets,
      tx_packets: txPackets,
    };
    const uptime = Math.max(0, Math.floor((t - profile.bootedAt) / 1000));
    const network = { status: networkStatus([nic], profile.iface), devices: [nic] };
    // A camera's agent reports what a camera has: how long it has been up and its link.
    if (profile.type === "camera") return { uptime: { status: uptimeStatus(uptime), uptime, idle: 0 }, network };

    const telemetry: Telemetry = {
      cpu: {
        status: cpuStatus(load1, threads),
        cores: Math.max(1, threads / 2),
        threads,
        load1,
        load5: round(threads * clamp(ratio * 0.92, 0.01, 3)),
        load15: round(threads * clamp(ratio * 0.85, 0.01, 3)),
      },
      thermal: { status: thermalStatus(temperature), cpu_temperature: temperature },
      uptime: {
        status: uptimeStatus(uptime),
        uptime,
        idle: Math.floor(uptime * threads * (1 - Math.min(1, ratio) / 2)),
      },
      ram: { status: ramStatus(free, profile.ram), total: profile.ram, free, swap_total: 2 * GB, swap_free: GB },
      storage: { status: storageStatus(partitions), partitions },
      disk_health: diskHealth(
        profile.smart ? [{ name: "/dev/sda", model: "SIM-SSD 256", smartStatus: profile.smart }] : [],
        partitions,
      ),
      network,
      peripherals: { devicesInfo: peripheralsAt(profile, on) },
    };
    if (profile.gpu) {
      const utilization = profile.type === "raspberry_pi" ? null : round(clamp(profile.gpuLoad + noise.gpu, 0, 100), 1);
      const gpuTemperature = utilization === null ? null : round(temperature - 4, 1);
      telemetry.gpu = {
        status: gpuStatus(utilization),
        utilization,
        devices: [{ model: profile.gpu, utilization, temperature: gpuTemperature }],
      };
    }
    return telemetry;
  };
}

function peripheralsAt(
  profile: SimProfile,
  on: (kind: EpisodeKind) => ReturnType<typeof episodeAt>,
): NonNullable<Telemetry["peripherals"]>["devicesInfo"] {
  const jam = on("bill_jam");
  const paper = on("paper_low");
  return profile.peripherals.map((p) => {
    let code: number = profile.peripheralFaults[p.type] ?? 0;
    if (p.type === "bill_acceptor" && jam) code = jamStatus(jam.progress);
    if (p.type === "pos_printer" && paper) code = 2;
    return { name: p.name, type: p.type, enabled: true, combined_status: code, status: [code] };
  });
}
