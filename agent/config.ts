import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { roomPath } from "../contracts/realtime/values.ts";

/** What enrolment leaves behind: where to connect and the device credential (kept 0600). */
export type AgentConfig = { server: string; device_uuid: string; space_uuid: string; credential: string };

/** `--vnc-port`: where the device's own VNC server listens (on 127.0.0.1), for remote desktop sessions. */
export const DEFAULT_VNC_PORT = 5900;

/** A `--vnc-port` value: a TCP port number (1–65535), else an error saying so. */
export function parseVncPort(value: string | undefined): number {
  if (value === undefined) return DEFAULT_VNC_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error("--vnc-port is a TCP port (1–65535)");
  return port;
}

export const defaultConfigPath = () =>
  join(process.env.XDG_CONFIG_HOME ?? join(homedir(), ".config"), "outpost-agent", "config.json");

export function saveConfig(path: string, config: AgentConfig) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

export function loadConfig(path: string): AgentConfig {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new Error(`No agent configuration at ${path}: run \`outpost-agent enroll --server URL --code CODE\` first.`);
  }
  const config = JSON.parse(text) as Partial<AgentConfig>;
  if (!config.server || !config.device_uuid || !config.credential) throw new Error(`${path} is incomplete.`);
  return config as AgentConfig;
}

/**
 * ws(s)://…/parties/device/{uuid} for an http(s) server URL. The credential is not in it: the
 * session sends it in the Authorization header, so it never lands in a URL or an access log.
 */
export function roomUrl(config: Pick<AgentConfig, "server" | "device_uuid">) {
  const url = new URL(roomPath.device(config.device_uuid), config.server);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.toString();
}
