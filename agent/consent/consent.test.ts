import { describe, expect, it } from "vitest";
import type { TunnelOpen } from "../../contracts/remote-actions/tunnel.ts";
import { SESSION_TEXT } from "../../contracts/sessions/schema.ts";
import { type TunnelHandle, TunnelSessions } from "../tunnel/sessions.ts";
import { desktopPrompter, parseSimulatedAnswer, simulatedPrompter } from "./prompt.ts";

const S = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";

/** A TunnelSessions whose terminal provider only counts, with the sent control frames. */
function harness(answer: string) {
  const json: { type: string; [key: string]: unknown }[] = [];
  let started = 0;
  let bannerRemoved = 0;
  const sim = simulatedPrompter(parseSimulatedAnswer(answer));
  const prompter = {
    ...sim,
    banner: (text: string) => {
      sim.banner?.(text);
      return () => {
        bannerRemoved++;
      };
    },
  };
  const handle: TunnelHandle = { write() {}, pause() {}, resume() {}, dispose() {} };
  const sessions = new TunnelSessions({
    send: { json: (m) => json.push(m as never), frame() {} },
    providers: {
      terminal: () => {
        started++;
        return handle;
      },
    },
    prompter,
  });
  return { sessions, json, shown: sim.shown, started: () => started, bannerRemoved: () => bannerRemoved };
}

const open = (default_action: "allow" | "deny", timeout_ms = 200): TunnelOpen => ({
  type: "tunnelOpen",
  session: S,
  kind: "terminal",
  consent: { timeout_ms, default_action, operator: "Ada Admin" },
  banner: true,
  recorded: true,
  operator: "Ada Admin",
});

const states = (json: { type: string; state?: unknown }[]) =>
  json.filter((m) => m.type === "tunnelConsent").map((m) => m.state);

describe("the consent prompt at the device", () => {
  it("accepted: the prompt names the operator, the session opens after the answer, with the banner", async () => {
    const h = harness("accept:20");
    await h.sessions.open(open("deny"));
    expect(h.shown[0]).toBe("Ada Admin wants to open a terminal session on this device. Allow?");
    expect(states(h.json)).toEqual(["waiting", "accepted"]);
    expect(h.started()).toBe(1);
    expect(h.json.at(-1)).toEqual({ type: "tunnelOpened", session: S });
    expect(h.shown[1]).toBe(SESSION_TEXT.banner("Ada Admin"));
    h.sessions.closeAll();
    expect(h.bannerRemoved()).toBe(1);
  });

  it("refused: the session never starts and closes with the refusal", async () => {
    const h = harness("refuse:10");
    await h.sessions.open(open("allow"));
    expect(states(h.json)).toEqual(["waiting", "refused"]);
    expect(h.started()).toBe(0);
    expect(h.json.at(-1)).toEqual({ type: "tunnelClose", session: S, reason: "Refused at the device." });
  });

  it("nobody answers: the location's default applies at the timeout (allow opens, deny closes)", async () => {
    const allow = harness("ignore");
    await allow.sessions.open(open("allow", 50));
    expect(allow.json.find((m) => m.type === "tunnelConsent" && m.state === "timeout")).toMatchObject({
      action: "allow",
    });
    expect(allow.started()).toBe(1);

    const deny = harness("ignore");
    await deny.sessions.open(open("deny", 50));
    expect(deny.started()).toBe(0);
    expect(deny.json.at(-1)).toMatchObject({ type: "tunnelClose", reason: SESSION_TEXT.timeout("deny") });
  });

  it("a device that cannot prompt says so and follows the default; no 'waiting' is claimed", async () => {
    const json: { type: string; [key: string]: unknown }[] = [];
    const sessions = new TunnelSessions({
      send: { json: (m) => json.push(m as never), frame() {} },
      providers: { terminal: () => ({ write() {}, pause() {}, resume() {}, dispose() {} }) },
      // A headless device: no DISPLAY, nothing to show a prompt with.
      prompter: desktopPrompter({}, () => true),
    });
    await sessions.open(open("deny"));
    expect(states(json)).toEqual(["unavailable"]);
    expect(json.at(-1)).toMatchObject({ type: "tunnelClose", reason: SESSION_TEXT.unavailable("deny") });
  });

  it("--consent parses accept[:ms], refuse[:ms] and ignore, and refuses anything else", () => {
    expect(parseSimulatedAnswer(undefined)).toEqual({ answer: "accept", delay_ms: 2000 });
    expect(parseSimulatedAnswer("refuse:500")).toEqual({ answer: "refuse", delay_ms: 500 });
    expect(() => parseSimulatedAnswer("maybe")).toThrow(/--consent/);
  });
});
