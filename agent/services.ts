import type { ServiceStatus } from "../contracts/devices/services.ts";
import type { Telemetry } from "../contracts/devices/telemetry.ts";
import { tunnelStatus } from "./providers/remote.ts";
import { runTool } from "./providers/run-tool.ts";
import type { VisionService } from "./providers/vision.ts";
import type { Machine } from "./session.ts";
import { headlessStatus } from "./tunnel/headless-vnc.ts";

/** When this agent process started (the agent service's uptime). */
const STARTED_AT = Date.now() - Math.round(process.uptime() * 1000);

export type ServiceSources = {
  vision: VisionService;
  /** Listed when the agent may serve them (--allow-headless-vnc, --rssh-relay). */
  headlessVnc: boolean;
  reverseSsh: boolean;
  /** The remote desktop's availability (agent/remote-desktop-status.ts). */
  remoteDesktop?: () => Promise<ServiceStatus>;
  /** The agent's restarts as its supervisor counts them (systemd's NRestarts), when known. */
  agentRestarts?: () => Promise<number>;
  startedAt?: number;
};

/**
 * The services this agent really supervises, with their real state: itself, the vision service,
 * the headless VNC desktop and the reverse SSH tunnel (those two only where configured). The
 * applications are reported beside them (telemetry.applications).
 */
export async function agentServices(sources: ServiceSources): Promise<ServiceStatus[]> {
  const services: ServiceStatus[] = [
    {
      name: "Outpost agent",
      kind: "agent",
      state: "running",
      since: sources.startedAt ?? STARTED_AT,
      restarts: (await sources.agentRestarts?.()) ?? 0,
      last_error: null,
    },
    await sources.vision.status(),
  ];
  if (sources.headlessVnc) services.push(headlessStatus());
  if (sources.reverseSsh) services.push(tunnelStatus());
  if (sources.remoteDesktop) services.push(await sources.remoteDesktop());
  return services;
}

/** The machine's telemetry with the services and whether vision is installed. */
export function servicesMachine<M extends Machine>(machine: M, sources: ServiceSources): M {
  return {
    ...machine,
    telemetry: async (): Promise<Telemetry> => {
      const telemetry = await machine.telemetry();
      return {
        ...telemetry,
        vision: { enabled: telemetry.vision?.enabled ?? false, installed: sources.vision.installed },
        services: await agentServices(sources),
      };
    },
  };
}

/**
 * How many times systemd restarted the agent's unit (`NRestarts`), when the agent runs under
 * systemd (INVOCATION_ID is set); 0 otherwise or when systemctl cannot say.
 */
export async function systemdRestarts(
  unit = "outpost-agent.service",
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (!env.INVOCATION_ID) return 0;
  const run = await runTool(["systemctl", "show", unit, "-p", "NRestarts", "--value"], { env, timeoutMs: 3000 });
  const count = run.kind === "exited" && run.code === 0 ? Number(run.output.trim()) : 0;
  return Number.isInteger(count) && count >= 0 ? count : 0;
}
