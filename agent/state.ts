import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** A peripheral the console switched, as the agent recognises it. */
export type PeripheralSwitch = { enabled: boolean; type?: string; name?: string; serial_number?: string };

/**
 * The settings the console pushes to the agent: enabled, debug mode, vision and the
 * peripherals switched on or off, by the console's peripheral uuid. Kept in the agent's state
 * file, so they survive restarts, and reported on hello so the console shows the device's truth.
 */
export type AgentState = {
  enabled: boolean;
  debug_mode: boolean;
  vision: boolean;
  peripherals: Record<string, PeripheralSwitch>;
};

export const DEFAULT_STATE: AgentState = { enabled: true, debug_mode: false, vision: false, peripherals: {} };

/** The state file beside the agent's configuration (as displays.json is). */
export const statePath = (configPath: string) => join(dirname(configPath), "state.json");

const bool = (value: unknown, fallback: boolean) => (typeof value === "boolean" ? value : fallback);

/** A state read from JSON: what is missing or of the wrong type takes its default. */
export function readState(value: unknown): AgentState {
  const raw = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const peripherals: Record<string, PeripheralSwitch> = {};
  if (typeof raw.peripherals === "object" && raw.peripherals !== null) {
    for (const [uuid, entry] of Object.entries(raw.peripherals as Record<string, unknown>)) {
      if (typeof entry !== "object" || entry === null) continue;
      const e = entry as Record<string, unknown>;
      if (typeof e.enabled !== "boolean") continue;
      const text = (key: string) => (typeof e[key] === "string" ? { [key]: e[key] as string } : {});
      peripherals[uuid] = { enabled: e.enabled, ...text("type"), ...text("name"), ...text("serial_number") };
    }
  }
  return {
    enabled: bool(raw.enabled, DEFAULT_STATE.enabled),
    debug_mode: bool(raw.debug_mode, DEFAULT_STATE.debug_mode),
    vision: bool(raw.vision, DEFAULT_STATE.vision),
    peripherals,
  };
}

/**
 * The agent's settings, in memory and (with a path) in a JSON file of mode 0600, written
 * atomically (a temporary file renamed over it): a crash mid-write leaves the old state, never
 * half a file. Without a path (tests, the simulator) it is kept in memory only.
 */
export class AgentStateFile {
  private current: AgentState;
  readonly path: string | null;

  constructor(path: string | null = null) {
    this.path = path;
    this.current = path ? AgentStateFile.read(path) : readState({});
  }

  /** The file's state; a missing or unreadable file is the defaults. */
  static read(path: string): AgentState {
    try {
      return readState(JSON.parse(readFileSync(path, "utf8")));
    } catch {
      return readState({});
    }
  }

  get state(): Readonly<AgentState> {
    return this.current;
  }

  /** The settings as the hello reports them. */
  get settings() {
    const { enabled, debug_mode, vision } = this.current;
    return { enabled, debug_mode, vision };
  }

  /** Changes settings and writes them before returning (a failed write throws; memory is unchanged then). */
  update(patch: Partial<Omit<AgentState, "peripherals">>) {
    this.save({ ...this.current, ...patch });
  }

  setPeripheral(uuid: string, entry: PeripheralSwitch) {
    this.save({ ...this.current, peripherals: { ...this.current.peripherals, [uuid]: entry } });
  }

  /** Whether a peripheral the agent sees (by serial number, else name) was switched off in the console. */
  peripheralDisabled(found: { name: string; serial_number?: string | null }) {
    return Object.values(this.current.peripherals).some(
      (p) =>
        !p.enabled &&
        (p.serial_number && found.serial_number ? p.serial_number === found.serial_number : p.name === found.name),
    );
  }

  private save(next: AgentState) {
    if (this.path) {
      mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
      const temp = `${this.path}.${process.pid}.tmp`;
      writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      chmodSync(temp, 0o600);
      renameSync(temp, this.path);
    }
    this.current = next;
  }
}
