import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  dataFrame,
  payloadOf,
  sessionOf,
  TUNNEL_CHUNK_BYTES,
  TUNNEL_ID_BYTES,
  TUNNEL_TEXT,
  TUNNEL_WINDOW_BYTES,
} from "../../contracts/remote-actions/tunnel.ts";
import { TunnelSessions } from "./sessions.ts";
import { type ShellSpec, type TerminalOptions, terminalProvider } from "./terminal.ts";

/**
 * The real agent's PTY path, with a plain bash in a scratch directory. (The simulator does not
 * use this path: its terminal is the in-process shell of sim-shell.ts, tested in sim-shell.test.ts.)
 */
function scratchBash(): ShellSpec {
  const home = mkdtempSync(join(tmpdir(), "outpost-pty-test-"));
  return {
    file: "/bin/bash",
    args: ["--noprofile", "--norc"],
    cwd: home,
    env: { PATH: "/usr/bin:/bin", HOME: home, TERM: "xterm-256color", LANG: "C.UTF-8", PS1: "test$ " },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}

/** A TunnelSessions whose frames land in arrays: control frames parsed, data frames decoded. */
function harness(terminal: TerminalOptions = { allow: true, shell: scratchBash }, idleMs?: number) {
  const json: { type: string; session: string; reason?: string; bytes?: number }[] = [];
  const frames: Uint8Array[] = [];
  const sessions = new TunnelSessions({
    providers: { terminal: terminalProvider(terminal) },
    idleMs,
    creditDelayMs: 10,
    send: { json: (m) => json.push(m as (typeof json)[number]), frame: (f) => frames.push(f.slice()) },
  });
  const text = (session: string) =>
    frames
      .filter((f) => sessionOf(f) === session)
      .map((f) => Buffer.from(payloadOf(f)).toString("utf8"))
      .join("");
  const bytes = (session: string) =>
    frames.filter((f) => sessionOf(f) === session).reduce((n, f) => n + f.byteLength - TUNNEL_ID_BYTES, 0);
  const type = (input: string, session: string) => sessions.data(dataFrame(session, new TextEncoder().encode(input)));
  return { sessions, json, frames, text, bytes, type };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
};

const A = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
const B = "6f9619ff-8b86-4d01-b42d-00cf4fc964ff";

let open: TunnelSessions[] = [];
afterEach(() => {
  for (const s of open) s.closeAll();
  open = [];
});

describe("terminal sessions through TunnelSessions (a real PTY)", () => {
  it("opens, runs a command and sends its output in data frames; input is credited back", async () => {
    const h = harness();
    open.push(h.sessions);
    await h.sessions.open({ type: "tunnelOpen", session: A, kind: "terminal", cols: 80, rows: 24 });
    expect(h.json).toContainEqual({ type: "tunnelOpened", session: A });
    h.type("echo hello-$((40+2))\r", A);
    await until(() => h.text(A).includes("hello-42"));
    await until(() => h.json.some((m) => m.type === "tunnelCredit"));
    const credited = h.json.filter((m) => m.type === "tunnelCredit").reduce((n, m) => n + (m.bytes ?? 0), 0);
    expect(credited).toBe("echo hello-$((40+2))\r".length);
  });

  it("resizes the PTY", async () => {
    const h = harness();
    open.push(h.sessions);
    await h.sessions.open({ type: "tunnelOpen", session: A, kind: "terminal", cols: 80, rows: 24 });
    h.sessions.message({ type: "tunnelResize", session: A, cols: 132, rows: 43 });
    h.type("stty size\r", A);
    await until(() => h.text(A).includes("43 132"));
  });

  it("runs several sessions at once, each with its own frames", async () => {
    const h = harness();
    open.push(h.sessions);
    await h.sessions.open({ type: "tunnelOpen", session: A, kind: "terminal" });
    await h.sessions.open({ type: "tunnelOpen", session: B, kind: "terminal" });
    h.type("echo one-$((0+1))\r", A);
    h.type("echo two-$((1+1))\r", B);
    await until(() => h.text(A).includes("one-1") && h.text(B).includes("two-2"));
    expect(h.text(A)).not.toContain("two-2");
    expect(h.sessions.size).toBe(2);
  });

  it("pauses the PTY when the window is full and resumes when credit comes", async () => {
    const h = harness();
    open.push(h.sessions);
    await h.sessions.open({ type: "tunnelOpen", session: A, kind: "terminal" });
    h.type("yes outpost-flow-control-test\r", A);
    await until(() => h.sessions.flow(A)?.paused === true);
    // Paused: what is in flight stops growing (one read of the PTY may still land).
    await new Promise((r) => setTimeout(r, 300));
    const held = h.bytes(A);
    await new Promise((r) => setTimeout(r, 300));
    expect(h.bytes(A)).toBe(held);
    // Exactly the window: never beyond it (the room ends a session whose sender overruns).
    expect(held).toBe(TUNNEL_WINDOW_BYTES);
    expect(h.frames.every((f) => f.byteLength - TUNNEL_ID_BYTES <= TUNNEL_CHUNK_BYTES)).toBe(true);
    // Credit everything: the PTY runs again until the window is full once more.
    h.sessions.message({ type: "tunnelCredit", session: A, bytes: TUNNEL_WINDOW_BYTES });
    await until(() => h.bytes(A) > held + TUNNEL_WINDOW_BYTES / 2);
    h.type("\x03", A);
  });

  it("closes an idle session with the idle reason", async () => {
    const h = harness({ allow: true, shell: scratchBash });
    open.push(h.sessions);
    await h.sessions.open({ type: "tunnelOpen", session: A, kind: "terminal", idle_ms: 1000 });
    await until(() => h.json.some((m) => m.type === "tunnelClose"), 4000);
    expect(h.json.at(-1)).toEqual({
      type: "tunnelClose",
      session: A,
      reason: "Closed after 1 second without activity.",
    });
    expect(h.sessions.size).toBe(0);
  });

  it("says the shell exited when it does", async () => {
    const h = harness();
    open.push(h.sessions);
    await h.sessions.open({ type: "tunnelOpen", session: A, kind: "terminal" });
    h.type("exit\r", A);
    await until(() => h.json.some((m) => m.type === "tunnelClose"));
    expect(h.json.at(-1)).toEqual({ type: "tunnelClose", session: A, reason: TUNNEL_TEXT.exited });
  });

  it("refuses without --allow-terminal, and when node-pty cannot be loaded", async () => {
    const off = harness({ allow: false });
    await off.sessions.open({ type: "tunnelOpen", session: A, kind: "terminal" });
    expect(off.json).toEqual([{ type: "tunnelClose", session: A, reason: TUNNEL_TEXT.terminalDisabled }]);

    const broken = harness({ allow: true, loadPty: () => Promise.reject(new Error("no binary for this platform")) });
    await broken.sessions.open({ type: "tunnelOpen", session: B, kind: "terminal" });
    expect(broken.json).toEqual([{ type: "tunnelClose", session: B, reason: TUNNEL_TEXT.terminalUnavailable }]);
  });

  it("ends the PTY when the browser closes the session, without answering", async () => {
    const h = harness();
    open.push(h.sessions);
    await h.sessions.open({ type: "tunnelOpen", session: A, kind: "terminal" });
    h.sessions.message({ type: "tunnelClose", session: A });
    expect(h.sessions.size).toBe(0);
    expect(h.json).toEqual([{ type: "tunnelOpened", session: A }]);
  });
});
