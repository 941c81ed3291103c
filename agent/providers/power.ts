import { runFailure, runTool } from "./run-tool.ts";
import type { Provider, ProviderOptions } from "./types.ts";

type Verb = "reboot" | "poweroff";

/**
 * The ways to ask the OS, in order: systemd (`--no-block`: it returns once the job is queued,
 * so the answer still gets out before the network goes down), then `shutdown`, then logind.
 * A tool that is missing or refuses (e.g. "System has not been booted with systemd") passes to
 * the next.
 */
export const POWER_COMMANDS: Record<Verb, readonly (readonly string[])[]> = {
  reboot: [
    ["systemctl", "--no-block", "reboot"],
    ["shutdown", "-r", "now"],
    ["loginctl", "reboot"],
  ],
  poweroff: [
    ["systemctl", "--no-block", "poweroff"],
    ["shutdown", "-h", "now"],
    ["loginctl", "poweroff"],
  ],
};

/** How long one way may take to be accepted (systemctl --no-block returns at once). */
const ACCEPT_TIMEOUT_MS = 10_000;

/**
 * instant-reboot / instant-power-off, only with --allow-power (without it: the truthful dry run).
 * Answers once the OS accepted the command (a way exited 0), or a failure with each way's own
 * words when none did: a missing tool or a non-zero exit is never reported as done, and never
 * ends the agent.
 */
const power = async (verb: Verb, options: ProviderOptions) => {
  const ways = POWER_COMMANDS[verb];
  if (!options.allowPower) {
    const argv = ways[0].join(" ");
    options.log(`dry run: would run ${argv}`);
    return { ok: true as const, result: { dry_run: true, would_run: argv } };
  }
  const failures: string[] = [];
  for (const argv of ways) {
    const run = await runTool(argv, { env: options.env, timeoutMs: options.powerTimeoutMs ?? ACCEPT_TIMEOUT_MS });
    const failure = runFailure(argv, run);
    if (failure === null) {
      options.log(`${verb}: ${argv.join(" ")} accepted`);
      return { ok: true as const, result: { dry_run: false, ran: argv.join(" ") } };
    }
    options.log(`${verb}: ${failure}`);
    failures.push(failure);
  }
  return { ok: false as const, error: `The device did not accept the ${verb}: ${failures.join("; ")}.` };
};

export const reboot: Provider<"instant-reboot"> = (_params, options) => power("reboot", options);
export const powerOff: Provider<"instant-power-off"> = (_params, options) => power("poweroff", options);
