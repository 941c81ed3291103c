import { type ChildProcess, spawn } from "node:child_process";
import type { ServiceStatus } from "../../contracts/devices/services.ts";
import { VISION_NOT_INSTALLED_MESSAGE } from "../../contracts/devices/services.ts";
import { runFailure, runTool } from "./run-tool.ts";

/**
 * The vision service the agent starts and stops (Enable Vision): a command it supervises as its
 * own child (`--vision-command`, run by `sh -c`, restarted with backoff when it exits), or a
 * systemd unit (`--vision-unit`: `systemctl start|stop`, its state read with `systemctl
 * is-active`). Its real state, uptime, restarts and last error are reported (Asset Info →
 * Services). Without either, vision is not installed: enabling it fails saying so.
 */
export type VisionConfig = { command?: string; unit?: string; env?: NodeJS.ProcessEnv; log: (line: string) => void };

/** A command that dies within this long of its start did not come up (enable answers the failure). */
export const VISION_SETTLE_MS = 1500;
/** Restarts wait 2 s, doubling to at most 60 s. */
const BACKOFF_BASE_MS = 2000;
const BACKOFF_MAX_MS = 60_000;
/** A stop waits this long for the command to end before SIGKILL. */
const STOP_GRACE_MS = 5000;

export type VisionAnswer = { ok: true } | { ok: false; error: string };

export class VisionService {
  private child: ChildProcess | null = null;
  private wanted = false;
  private state: ServiceStatus["state"];
  private since: number | null = null;
  private restarts = 0;
  private lastError: string | null = null;
  private output = "";
  private retry: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;

  private readonly config: VisionConfig;
  private readonly settleMs: number;

  constructor(config: VisionConfig, settleMs = VISION_SETTLE_MS) {
    this.config = config;
    this.settleMs = settleMs;
    this.state = this.installed ? "stopped" : "not_installed";
  }

  get installed() {
    return Boolean(this.config.command || this.config.unit);
  }

  /** Starts (enabled) or stops the service; answers once it is up, or why it is not. */
  async set(enabled: boolean): Promise<VisionAnswer> {
    if (!this.installed) return enabled ? { ok: false, error: `${VISION_NOT_INSTALLED_MESSAGE}.` } : { ok: true };
    this.wanted = enabled;
    if (this.config.unit) return this.unit(enabled);
    if (!enabled) {
      await this.stopChild();
      this.mark("stopped");
      return { ok: true };
    }
    if (this.child && this.child.exitCode === null) return { ok: true };
    this.failures = 0;
    const answer = await this.startChild();
    if (!answer.ok) {
      // It did not come up: the console reverts the switch, so nothing keeps trying behind its back.
      this.wanted = false;
      if (this.retry) clearTimeout(this.retry);
      this.retry = null;
    }
    return answer;
  }

  /** The service as Asset Info → Services shows it. */
  async status(): Promise<ServiceStatus> {
    if (this.config.unit && this.installed) await this.readUnit();
    return {
      name: "Vision",
      kind: "vision",
      state: this.state,
      since: this.since,
      restarts: this.restarts,
      last_error: this.lastError,
    };
  }

  /** Stops everything (the agent exits). */
  async close() {
    this.wanted = false;
    if (this.retry) clearTimeout(this.retry);
    await this.stopChild();
  }

  private mark(state: ServiceStatus["state"], error?: string) {
    if (state !== this.state) this.since = Date.now();
    this.state = state;
    if (error) this.lastError = error.slice(-500);
  }

  private startChild(): Promise<VisionAnswer> {
    const command = this.config.command ?? "";
    this.output = "";
    this.mark("starting");
    const child = spawn("sh", ["-c", command], {
      env: this.config.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString("utf8")).slice(-2000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    return new Promise((resolve) => {
      let settled = false;
      const settle = (answer: VisionAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(answer);
      };
      const timer = setTimeout(() => {
        if (this.child !== child) return;
        this.mark("running");
        this.failures = 0;
        this.config.log(`vision: ${command} running (pid ${child.pid})`);
        settle({ ok: true });
      }, this.settleMs);
      child.on("error", (error) => {
        const text = `vision command could not be started: ${error.message}`;
        this.failed(child, text);
        settle({ ok: false, error: text });
      });
      child.on("exit", (code, signal) => {
        if (this.child !== child) return;
        if (!this.wanted) return;
        const last = this.output.trim().split("\n").pop() ?? "";
        const text = `vision command exited with ${code ?? signal}${last ? `: ${last}` : ""}`;
        this.failed(child, text);
        settle({ ok: false, error: text });
      });
    });
  }

  /** The command ended while wanted: failed, restarted with backoff. */
  private failed(child: ChildProcess, text: string) {
    if (this.child === child) this.child = null;
    this.mark("failed", text);
    this.config.log(`vision: ${text}`);
    if (!this.wanted) return;
    const wait = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** this.failures);
    this.failures++;
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.wanted) return;
      this.restarts++;
      void this.startChild();
    }, wait);
    this.retry.unref();
  }

  private stopChild(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const force = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      child.once("exit", () => {
        clearTimeout(force);
        resolve();
      });
      child.kill("SIGTERM");
    });
  }

  private async unit(enabled: boolean): Promise<VisionAnswer> {
    const argv = ["systemctl", enabled ? "start" : "stop", this.config.unit ?? ""];
    const failure = runFailure(argv, await runTool(argv, { env: this.config.env }));
    if (failure) {
      this.mark("failed", failure);
      return { ok: false, error: failure };
    }
    await this.readUnit();
    if (enabled && this.state !== "running" && this.state !== "starting") {
      return { ok: false, error: `${this.config.unit} is ${this.state} after systemctl start` };
    }
    return { ok: true };
  }

  /** `systemctl is-active <unit>`: active → running, activating → starting, failed, else stopped. */
  private async readUnit() {
    const argv = ["systemctl", "is-active", this.config.unit ?? ""];
    const run = await runTool(argv, { env: this.config.env, timeoutMs: 5000 });
    const word = run.kind === "exited" ? run.output.trim().split("\n").pop() : "";
    const state =
      word === "active"
        ? "running"
        : word === "activating" || word === "reloading"
          ? "starting"
          : word === "failed"
            ? "failed"
            : run.kind === "missing"
              ? "failed"
              : "stopped";
    this.mark(state, state === "failed" ? (runFailure(argv, run) ?? `${this.config.unit} failed`) : undefined);
  }
}
