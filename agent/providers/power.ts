import { spawn } from "node:child_process";
import type { Provider, ProviderOptions } from "./types.ts";

/** instant-reboot / instant-power-off: `systemctl reboot|poweroff`, only with --allow-power. */
const power = async (verb: "reboot" | "poweroff", options: ProviderOptions) => {
  const argv = ["systemctl", verb];
  if (!options.allowPower) {
    options.log(`dry run: would run ${argv.join(" ")}`);
    return { ok: true as const, result: { dry_run: true, would_run: argv.join(" ") } };
  }
  // Answer first, then act: the reply must leave before the network goes down.
  setTimeout(() => spawn(argv[0], argv.slice(1), { stdio: "ignore", detached: true }).unref(), 500);
  return { ok: true as const, result: { dry_run: false, ran: argv.join(" ") } };
};

export const reboot: Provider<"instant-reboot"> = (_params, options) => power("reboot", options);
export const powerOff: Provider<"instant-power-off"> = (_params, options) => power("poweroff", options);
