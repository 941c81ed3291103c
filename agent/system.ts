import { loadavg } from "node:os";
import si from "systeminformation";
import type { AgentInventory } from "../contracts/installation.ts";
import type { Telemetry } from "../party/protocol.ts";
import { cpuStatus, HEALTHY, ramStatus, storageStatus } from "./health.ts";

const text = (v: string | undefined | null) => (v ? v.slice(0, 256) : undefined);

/** The real machine's inventory through systeminformation (what the hello and enrolment carry). */
export async function readInventory(): Promise<{ machine_id: string | null; inventory: AgentInventory }> {
  const [os, cpu, mem, board, graphics, disks, nets, uuid] = await Promise.all([
    si.osInfo(),
    si.cpu(),
    si.mem(),
    si.baseboard(),
    si.graphics().catch(() => ({ controllers: [] as { model: string }[] })),
    si.diskLayout().catch(() => []),
    si.networkInterfaces().catch(() => []),
    si.uuid().catch(() => ({ os: "" })),
  ]);
  const interfaces = (Array.isArray(nets) ? nets : [nets]).filter((n) => !n.internal);
  const platform = os.platform.toLowerCase();
  return {
    machine_id: uuid.os || null,
    inventory: {
      device_type:
        platform === "linux"
          ? /raspbian|raspberry/i.test(os.distro)
            ? "raspberry_pi"
            : "linux"
          : platform.startsWith("win")
            ? "windows"
            : "unknown",
      operating_system_name: text(os.distro),
      operating_system_version: text(os.release),
      operating_system_architecture: text(os.arch),
      motherboard_manufacturer: text(board.manufacturer),
      motherboard_product_name: text(board.model),
      cpu_model: text(cpu.brand),
      cpu_version: text(cpu.model || cpu.family),
      cpu_manufacturer: text(cpu.manufacturer),
      ram_size: mem.total,
      local_ip_addresses: interfaces.flatMap((n) => [n.ip4, n.ip6].filter(Boolean)).slice(0, 64),
      mac_addresses: [...new Set(interfaces.map((n) => n.mac).filter(Boolean))].slice(0, 64),
      graphic_cards: graphics.controllers.slice(0, 16).map((g) => ({ model: g.model.slice(0, 256) || "unknown" })),
      storage_drives: disks.slice(0, 64).map((d) => ({ name: d.device || d.name, model: d.name, capacity: d.size })),
    },
  };
}

/** The spec's Telemetry of the real machine. */
export async function readTelemetry(): Promise<Telemetry> {
  const [cpu, time, mem, fs, net] = await Promise.all([
    si.cpu(),
    Promise.resolve(si.time()),
    si.mem(),
    si.fsSize().catch(() => []),
    si.networkStats("*").catch(() => []),
  ]);
  const threads = cpu.cores || 1;
  const [load1, load5, load15] = loadavg();
  const partitions = fs.slice(0, 64).map((p) => ({ name: p.mount || p.fs, size: p.size, free: p.available }));
  return {
    cpu: {
      status: cpuStatus(load1, threads),
      cores: cpu.physicalCores || threads,
      threads,
      load1,
      load5,
      load15,
    },
    uptime: { status: HEALTHY, uptime: Math.round(Number(time.uptime)), idle: 0 },
    ram: {
      status: ramStatus(mem.available, mem.total),
      total: mem.total,
      free: mem.available,
      swap_total: mem.swaptotal,
      swap_free: mem.swapfree,
    },
    storage: { status: storageStatus(partitions), partitions },
    network: {
      status: HEALTHY,
      devices: net.slice(0, 64).map((n) => ({ name: n.iface, rx_bytes: n.rx_bytes, tx_bytes: n.tx_bytes })),
    },
    peripherals: { devicesInfo: [] },
  };
}
