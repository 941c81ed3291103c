import si from "systeminformation";
import type { AgentInventory } from "../contracts/installation/schema.ts";
import type { Telemetry } from "../contracts/realtime/events.ts";
import { collectTelemetry, systemSource } from "./telemetry.ts";

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

/** Peripherals seen since the agent started: one that is gone is reported disconnected (3). */
const seenPeripherals = new Map<string, { name: string; type: string }>();

/** The spec's Telemetry of the real machine (agent/telemetry.ts; never throws). */
export const readTelemetry = (): Promise<Telemetry> => collectTelemetry(systemSource, seenPeripherals);
