// The simulator's terminal provider: one SimShell per session, on the device's identity from its inventory.
import type { AgentInventory } from "../../contracts/installation/schema.ts";
import { TUNNEL_TEXT, type TunnelOpen } from "../../contracts/remote-actions/tunnel.ts";
import type { TunnelChannel, TunnelHandle, TunnelProvider } from "./sessions.ts";
import { hashOf } from "./sim-shell/device-tree.ts";
import type { SimIdentity } from "./sim-shell/fs.ts";
import { SimShell } from "./sim-shell/shell.ts";

/**
 * The simulator's terminal: a shell that runs inside the simulator's own process over an
 * in-memory filesystem (sim-shell/fs.ts) with built-in commands (sim-shell/commands.ts). It never starts a
 * process, never touches the host's files and never reads the host's environment — none of these
 * files imports a Node module — so whatever is typed (absolute paths, `..`, globs, /proc,
 * variables, redirections, links) only ever reaches the simulated device. A simulated device
 * runs on the server's machine, often as root: a real shell there, however restricted, is the
 * server's shell.
 *
 * It speaks the tunnel's byte stream like a PTY would: it echoes what is typed and edits the line
 * (backspace, Ctrl-U, Ctrl-C, Ctrl-D, Ctrl-L, history on the arrow keys), and stops producing
 * output while the session is paused.
 */

/** A hostname from a device's name, as an installer would make one. */
export function hostnameOf(name: string, uuid: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/, "");
  return slug || `kiosk-${uuid.slice(0, 8)}`;
}

/** The simulated device's identity from what its agent reports (its inventory). */
export function simIdentity(
  device: { uuid: string; name: string },
  inventory: AgentInventory | undefined,
  now: number,
): SimIdentity {
  const cpuModel = inventory?.cpu_model ?? "Intel Celeron J4125 (4 threads)";
  const threads = Number(/\((\d+) threads?\)/.exec(cpuModel)?.[1] ?? 4);
  const h = hashOf(device.uuid);
  const mac =
    inventory?.mac_addresses?.[0] ??
    `02:00:${device.uuid.slice(0, 2)}:${device.uuid.slice(2, 4)}:${device.uuid.slice(4, 6)}:01`;
  return {
    uuid: device.uuid,
    name: device.name,
    hostname: hostnameOf(device.name, device.uuid),
    os: [
      inventory?.operating_system_name ?? "Debian GNU/Linux",
      inventory?.operating_system_version ?? "12",
      inventory?.operating_system_architecture ?? "x64",
    ],
    cpu: cpuModel.replace(/\s*\(\d+ threads?\)$/, ""),
    threads: Math.min(64, Math.max(1, threads)),
    ramBytes: inventory?.ram_size ?? 4 * 1024 ** 3,
    diskBytes: inventory?.storage_drives?.[0]?.capacity ?? 64 * 1024 ** 3,
    mac,
    ip: inventory?.local_ip_addresses?.[0] ?? `10.${20 + (h % 200)}.${(h >>> 8) % 250}.${10 + ((h >>> 16) % 200)}`,
    // Booted some hours to a few days ago, fixed per device.
    bootedAt: now - (3 * 3600 + (h % (5 * 86400))) * 1000,
  };
}

export type SimTerminalOptions = {
  device?: { uuid: string; name: string };
  /** The simulated machine's inventory (virtualMachine's): the shell shows the same hardware. */
  inventory?: () => Promise<{ inventory?: AgentInventory }>;
  now?: () => number;
};

const DEFAULT_DEVICE = { uuid: "00000000-0000-4000-8000-000000000000", name: "Simulated Kiosk" };

/** The provider of a simulated device's `terminal` sessions: a SimShell per session. */
export function simulatedTerminal(opts: SimTerminalOptions = {}): TunnelProvider {
  const now = opts.now ?? Date.now;
  return async (open: TunnelOpen, channel: TunnelChannel): Promise<TunnelHandle> => {
    const inventory = opts.inventory ? (await opts.inventory()).inventory : undefined;
    const id = simIdentity(opts.device ?? DEFAULT_DEVICE, inventory, now());
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    let ended = false;
    const shell = new SimShell({
      id,
      cols: open.cols,
      rows: open.rows,
      now,
      write: (text) => {
        if (!ended) channel.output(encoder.encode(text));
      },
      onExit: () => {
        // The last output leaves first (the sessions layer sends it on the next turns).
        setTimeout(() => {
          if (ended) return;
          ended = true;
          channel.end(TUNNEL_TEXT.exited);
        }, 20);
      },
    });
    // The banner goes out once the session is open (keys that arrive first start it at once).
    setImmediate(() => {
      if (!ended) shell.start();
    });
    return {
      write: (data) => shell.input(decoder.decode(data, { stream: true })),
      resize: (cols, rows) => shell.resize(cols, rows),
      pause: () => shell.pause(),
      resume: () => shell.resume(),
      dispose: () => {
        ended = true;
        shell.dispose();
      },
    };
  };
}
