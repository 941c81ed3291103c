import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import type { ConsentAction, ConsentState } from "../../contracts/sessions/schema.ts";

/*
 * The consent prompt at the device: before a remote session starts on a device whose location asks
 * for consent, the agent asks the person at the screen, waits the location's timeout and then
 * applies its default action; while a session runs it may show a banner. A Prompter is what the
 * device can show: the real agent's uses the programs the device has (zenity, then xmessage) on
 * its display, the simulator's answers as configured.
 */

/** What the person answered: accepted, refused, or nothing before the timeout. */
export type PromptAnswer = "accepted" | "refused" | "timeout";

export type PromptRequest = {
  session: string;
  text: string;
  timeout_ms: number;
};

export type Prompter = {
  /** Whether this device can show a prompt at all (a display and a program to show it). */
  canPrompt(): boolean;
  /** Shows the prompt; resolves with the answer (at the latest after `timeout_ms`). */
  ask(request: PromptRequest): Promise<PromptAnswer>;
  /** Shows a banner for the session's duration; the returned function removes it. Null: none shown. */
  banner?(text: string): (() => void) | null;
};

/** The outcome of a consent step: the state the operator sees, and whether the session opens. */
export type ConsentOutcome = { state: Exclude<ConsentState, "waiting">; action?: ConsentAction; allowed: boolean };

/**
 * Asks `prompter`, bounded by `timeout_ms` even when the prompter does not keep it, and turns the
 * answer into the outcome: a timeout or a device that cannot prompt takes `default_action`.
 */
export async function askConsent(
  prompter: Prompter,
  request: PromptRequest & { default_action: ConsentAction },
): Promise<ConsentOutcome> {
  const byDefault = request.default_action === "allow";
  if (!prompter.canPrompt()) return { state: "unavailable", action: request.default_action, allowed: byDefault };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<PromptAnswer>((resolve) => {
    timer = setTimeout(() => resolve("timeout"), request.timeout_ms);
  });
  let answer: PromptAnswer;
  try {
    answer = await Promise.race([prompter.ask(request).catch((): PromptAnswer => "timeout"), timeout]);
  } finally {
    clearTimeout(timer);
  }
  if (answer === "accepted") return { state: "accepted", allowed: true };
  if (answer === "refused") return { state: "refused", allowed: false };
  return { state: "timeout", action: request.default_action, allowed: byDefault };
}

/** How the simulator's "person at the device" answers: accept after a delay, refuse, or ignore. */
export type SimulatedAnswer = { answer: "accept" | "refuse" | "ignore"; delay_ms: number };

/** `--consent accept[:ms]|refuse[:ms]|ignore`; accept after 2 s when not given. */
export function parseSimulatedAnswer(value: string | undefined): SimulatedAnswer {
  const [answer = "accept", delay] = (value ?? "accept").split(":");
  if (answer !== "accept" && answer !== "refuse" && answer !== "ignore") {
    throw new Error(`--consent: expected accept[:ms], refuse[:ms] or ignore, got "${value}"`);
  }
  const delay_ms = delay === undefined ? 2000 : Number(delay);
  if (!Number.isFinite(delay_ms) || delay_ms < 0) throw new Error(`--consent: bad delay "${delay}"`);
  return { answer, delay_ms };
}

/** The simulator's prompter: it always has a screen, and answers as told. */
export function simulatedPrompter(
  answer: SimulatedAnswer,
  log?: (line: string) => void,
): Prompter & { shown: string[] } {
  const shown: string[] = [];
  return {
    shown,
    canPrompt: () => true,
    ask: (request) => {
      shown.push(request.text);
      log?.(`consent prompt: ${request.text} (the simulated person will ${answer.answer})`);
      if (answer.answer === "ignore") return new Promise<PromptAnswer>(() => {});
      return new Promise((resolve) =>
        setTimeout(() => resolve(answer.answer === "accept" ? "accepted" : "refused"), answer.delay_ms),
      );
    },
    banner: (text) => {
      shown.push(text);
      log?.(`banner: ${text}`);
      return () => log?.("banner removed");
    },
  };
}

type Which = (program: string) => boolean;
const onPath: Which = (program) => spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;

/**
 * The real agent's prompter: zenity (GTK) or xmessage (X11) on the device's display. Without a
 * display (DISPLAY or WAYLAND_DISPLAY) or either program it cannot prompt, and says so (the
 * session then follows the location's default, and the console tells the operator).
 */
export function desktopPrompter(
  env: NodeJS.ProcessEnv = process.env,
  which: Which = onPath,
  run: typeof spawn = spawn,
): Prompter {
  const display = Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  let program: "zenity" | "xmessage" | null | undefined;
  const pick = () => {
    if (program !== undefined) return program;
    program = !display ? null : which("zenity") ? "zenity" : env.DISPLAY && which("xmessage") ? "xmessage" : null;
    return program;
  };
  return {
    canPrompt: () => pick() !== null,
    ask: (request) =>
      new Promise((resolve) => {
        const seconds = Math.max(1, Math.round(request.timeout_ms / 1000));
        const args =
          pick() === "zenity"
            ? [
                "--question",
                "--title=Remote session",
                `--text=${request.text}`,
                `--timeout=${seconds}`,
                "--ok-label=Allow",
                "--cancel-label=Deny",
              ]
            : ["-center", "-buttons", "Allow:10,Deny:11", "-timeout", String(seconds), request.text];
        const child = run(pick() ?? "false", args, { env, stdio: "ignore" });
        child.on("error", () => resolve("timeout"));
        // zenity: 0 allow, 1 deny, 5 timeout. xmessage exits 0 on its timeout, so its buttons
        // answer 10 and 11.
        const zenity = pick() === "zenity";
        child.on("exit", (code) =>
          resolve(code === (zenity ? 0 : 10) ? "accepted" : code === (zenity ? 1 : 11) ? "refused" : "timeout"),
        );
      }),
    banner: (text) => {
      const which = pick();
      if (!which) return null;
      const child: ChildProcess =
        which === "zenity"
          ? run("zenity", ["--notification", `--text=${text}`, "--listen"], {
              env,
              stdio: ["pipe", "ignore", "ignore"],
            })
          : run("xmessage", ["-geometry", "+0+0", "-buttons", "", text], { env, stdio: "ignore" });
      child.on("error", () => {});
      return () => {
        try {
          child.kill("SIGTERM");
        } catch {
          // Gone already.
        }
      };
    },
  };
}
