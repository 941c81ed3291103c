/**
 * A simulated power action's timing: when the device goes down after answering, how long it stays
 * down, and the stop/start of its session. Apart from the machine so the CLI and tests share it.
 */

/** How long after answering a power action the simulated device goes down (its answer leaves first). */
export const POWER_ANSWER_LEAVES_MS = 1_000;

/**
 * How long a simulated device stays down: a reboot boots in 20–40 s; a power-off is switched on
 * again after 2–4 min (as someone on site would), so the demo fleet does not shrink.
 */
export function simulatedBootMs(verb: "reboot" | "poweroff", random: () => number = Math.random): number {
  return verb === "reboot" ? 20_000 + random() * 20_000 : 120_000 + random() * 120_000;
}

/** A simulated power action: the session goes away (offline) and comes back after the boot. */
export function powerCycle(
  session: { stop: () => void; start: () => unknown },
  verb: "reboot" | "poweroff",
  log: (line: string) => void,
  random: () => number = Math.random,
) {
  const down = simulatedBootMs(verb, random);
  log(`simulated ${verb}, back in ${Math.round(down / 1000)} s`);
  session.stop();
  setTimeout(() => session.start(), down);
}
