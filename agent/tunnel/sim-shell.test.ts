import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  dataFrame,
  payloadOf,
  sessionOf,
  TUNNEL_TEXT,
  TUNNEL_WINDOW_BYTES,
} from "../../contracts/remote-actions/tunnel.ts";
import { virtualMachine } from "../sim/simulator.ts";
import { type TunnelProvider, TunnelSessions } from "./sessions.ts";
import { SimRegex } from "./sim-shell/regex.ts";
import { arithmetic, parseLine } from "./sim-shell/syntax.ts";
import { simulatedTerminal } from "./sim-shell.ts";

/**
 * The simulator's terminal through the real tunnel path (TunnelSessions ⇄ the provider): it must
 * behave like a shell and never reach the host — files, environment, processes — whatever is typed.
 */

const DEVICE = {
  uuid: "5d0f7a3e-1c2b-4d3e-8f40-123456789abc",
  name: "Lobby Kiosk 3",
  space_uuid: "",
  credential: null,
};
const provider = (): TunnelProvider =>
  simulatedTerminal({ device: DEVICE, inventory: virtualMachine(DEVICE, () => {}).inventory });

const A = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
const B = "6f9619ff-8b86-4d01-b42d-00cf4fc964ff";

function harness(terminal: TunnelProvider = provider()) {
  const json: { type: string; session: string; reason?: string; bytes?: number }[] = [];
  const frames: Uint8Array[] = [];
  const sessions = new TunnelSessions({
    providers: { terminal },
    creditDelayMs: 10,
    send: { json: (m) => json.push(m as (typeof json)[number]), frame: (f) => frames.push(f.slice()) },
  });
  const text = (session = A) =>
    frames
      .filter((f) => sessionOf(f) === session)
      .map((f) => Buffer.from(payloadOf(f)).toString("utf8"))
      .join("");
  const bytes = (session = A) =>
    frames.filter((f) => sessionOf(f) === session).reduce((n, f) => n + f.byteLength - 16, 0);
  const type = (input: string, session = A) => sessions.data(dataFrame(session, new TextEncoder().encode(input)));
  /** Types a command and waits for the prompt after it: what it printed (CR LF as LF). */
  const run = async (command: string, session = A) => {
    const before = text(session).length;
    type(`${command}\r`, session);
    // The echo of the line ends at its CR LF; the output ends at the next prompt.
    const output = () => {
      const after = text(session).slice(before);
      return after.slice(after.indexOf("\r\n") + 2);
    };
    await until(() => text(session).slice(before).includes("\r\n") && /simulated:[^\n]*\$ $/.test(output()));
    return output()
      .replace(/\r\n/g, "\n")
      .replace(/simulated:[^\n]*\$ $/, "");
  };
  return { sessions, json, frames, text, bytes, type, run };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
};

let open: TunnelSessions[] = [];
afterEach(() => {
  for (const s of open) s.closeAll();
  open = [];
});

async function opened(cols = 80, rows = 24) {
  const h = harness();
  open.push(h.sessions);
  await h.sessions.open({ type: "tunnelOpen", session: A, kind: "terminal", cols, rows });
  await until(() => h.text().includes("$ "));
  return h;
}

describe("the simulated terminal never reaches the host", () => {
  const SECRET = `PRIVATE-KEY-${Math.random().toString(36).slice(2)}`;
  const ENV_SENTINEL = `env-leak-${Math.random().toString(36).slice(2)}`;
  let hostDir = "";
  let secretFile = "";
  beforeAll(() => {
    hostDir = mkdtempSync(join(tmpdir(), "outpost-sim-probe-"));
    secretFile = join(hostDir, "0123abcd.sqlite");
    writeFileSync(secretFile, `junk{"kty":"EC","x":"abc","y":"def","d":"${SECRET}","crv":"P-256"}junk`);
    process.env.OUTPOST_SIM_SENTINEL = ENV_SENTINEL;
  });
  afterAll(() => {
    rmSync(hostDir, { recursive: true, force: true });
    delete process.env.OUTPOST_SIM_SENTINEL;
  });

  it("the probe's grep of a host database by absolute path and glob finds nothing", async () => {
    const h = await opened();
    const out = await h.run(`grep -a -o '{"kty":"EC"[^}]*"d":"[^"]*"[^}]*}' ${hostDir}/*.sqlite`);
    expect(out).toContain("No such file or directory");
    expect(out).not.toContain(SECRET);
    for (const command of [
      `cat ${secretFile}`,
      `/bin/cat ${secretFile}`,
      `cd ${hostDir} && cat *`,
      `echo $(cat ${secretFile})`,
      `echo \`cat ${secretFile}\``,
      `cat < ${secretFile}`,
      `bash -c 'cat ${secretFile}'`,
      `ls ${hostDir}`,
    ])
      expect(await h.run(command)).not.toContain(SECRET);
    expect(h.text()).not.toContain(SECRET);
  });

  it("/etc/passwd and /etc/shadow are the simulated device's, by any path", async () => {
    const h = await opened();
    const passwd = await h.run("cat /etc/passwd");
    expect(passwd).toContain("kiosk:x:1000:1000:Kiosk,,,:/home/kiosk:/bin/bash");
    const simulatedUsers = passwd.split("\n").map((l) => l.split(":")[0]);
    const hostOnly = readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .map((l) => l.split(":")[0])
      .filter((u) => u && !simulatedUsers.includes(u));
    for (const user of hostOnly) expect(passwd).not.toMatch(new RegExp(`^${user}:`, "m"));
    const shadow = await h.run("cat ../../../../etc/shadow");
    expect(shadow).toContain("Permission denied");
    expect(shadow).not.toMatch(/^root:[^:\n]*:\d+:/m);
    expect(await h.run("cd ../../../../../..; pwd; cat etc/shadow")).toBe("/\ncat: etc/shadow: Permission denied\n");
    expect(await h.run("whoami; id -u")).toContain("kiosk");
  });

  it("globs expand against the simulated tree only", async () => {
    const h = await opened();
    const out = await h.run("cat /*/* 2>&1");
    expect(out).toContain("kiosk:x:1000");
    if (hostname().length > 3) expect(out).not.toContain(hostname());
    expect(out).not.toContain(SECRET);
    expect(await h.run(`ls -d /tmp/outpost-sim-probe-*`)).not.toContain(hostDir);
    expect(await h.run("echo /work/* /root/* /home/*")).toBe("/work/* /root/* /home/kiosk\n");
  });

  it("/proc and the environment are the simulated user's: no value of the host's", async () => {
    const h = await opened();
    const outs = [
      await h.run("cat /proc/self/environ"),
      await h.run("cat /proc/$PPID/environ /proc/1/environ"),
      await h.run("env"),
      await h.run("printenv; export"),
      await h.run("echo $HOME $PATH $OUTPOST_SIM_SENTINEL $USER"),
    ];
    for (const out of outs) {
      expect(out).not.toContain(ENV_SENTINEL);
      expect(out).not.toContain(process.cwd());
    }
    expect(outs[4]).toBe("/home/kiosk /usr/local/bin:/usr/bin:/bin kiosk\n");
    expect(outs[0]).toContain("HOME=/home/kiosk\0");
    expect(await h.run("cat /proc/cpuinfo | grep -c processor")).toMatch(/^\d+\n$/);
  });

  it("links and redirections stay inside the simulated filesystem", async () => {
    const h = await opened();
    // A path that exists on both: the host's /tmp and the simulated one.
    const hostFile = `/tmp/outpost-sim-redirect-${Math.random().toString(36).slice(2)}`;
    expect(await h.run(`ln -s ${secretFile} link; cat link`)).toContain("Operation not permitted");
    expect(await h.run(`echo pwned > ${hostFile}; echo more >> ${hostFile}; cat ${hostFile}`)).toBe("pwned\nmore\n");
    expect(existsSync(hostFile)).toBe(false);
    rmSync(hostFile, { force: true });
    expect(await h.run("echo x > /tmp/x; cat /tmp/x")).toBe("x\n");
    expect(await h.run("echo x > /etc/passwd; echo y > /root/y")).toBe(
      "bash: /etc/passwd: Permission denied\nbash: /root/y: Permission denied\n",
    );
    expect(await h.run(`echo hi > ${hostDir}/planted`)).toContain("No such file or directory");
    expect(existsSync(join(hostDir, "planted"))).toBe(false);
  });

  it("its source imports no Node module and reads no process state", () => {
    const folder = readdirSync(new URL("sim-shell/", import.meta.url)).map((name) => `sim-shell/${name}`);
    expect(folder.length).toBeGreaterThan(0);
    for (const file of ["sim-shell.ts", ...folder]) {
      const source = readFileSync(new URL(file, import.meta.url), "utf8");
      expect(source, file).not.toMatch(/from "node:|from "(fs|child_process|os|path)"|require\(|import\(|process\./);
    }
  });
});

describe("the simulated terminal as a shell", () => {
  it("echoes, runs and credits input back; several sessions keep their own output", async () => {
    const h = harness();
    open.push(h.sessions);
    await h.sessions.open({ type: "tunnelOpen", session: A, kind: "terminal" });
    await h.sessions.open({ type: "tunnelOpen", session: B, kind: "terminal" });
    expect(h.json).toContainEqual({ type: "tunnelOpened", session: A });
    h.type("echo one-$((0+1))\r", A);
    h.type("echo two-$((1+1))\r", B);
    await until(() => h.text(A).includes("one-1\r\n") && h.text(B).includes("two-2\r\n"));
    expect(h.text(A)).not.toContain("two-2");
    await until(() => h.json.some((m) => m.type === "tunnelCredit" && m.session === A));
  });

  it("shows the simulated device: hostname, OS, MAC and hardware from its inventory", async () => {
    const h = await opened();
    const { inventory } = await virtualMachine(DEVICE, () => {}).inventory();
    expect(h.text()).toContain("Simulated terminal of Lobby Kiosk 3");
    expect(await h.run("hostname")).toBe("lobby-kiosk-3\n");
    expect(await h.run("uname -s")).toBe("Linux\n");
    expect(await h.run("grep PRETTY_NAME /etc/os-release")).toContain(inventory.operating_system_name ?? "?");
    expect(await h.run("ip addr")).toContain(`link/ether ${inventory.mac_addresses?.[0]}`);
    expect(await h.run("grep -c processor /proc/cpuinfo")).toBe(
      `${/\((\d+) threads\)/.exec(inventory.cpu_model ?? "")?.[1]}\n`,
    );
    expect(await h.run("systemctl status outpost-agent")).toContain("Active: active (running)");
    expect(await h.run("frobnicate --now")).toBe("bash: frobnicate: command not found\n");
  });

  it("pipes, lists, globs, cd, variables and substitutions", async () => {
    const h = await opened();
    expect(await h.run("seq 1 5 | sort -r | head -2")).toBe("5\n4\n");
    expect(await h.run("false && echo no || echo yes; echo $?")).toBe("yes\n0\n");
    expect(await h.run("cd /var/log && ls *.log && pwd")).toBe("auth.log  outpost-agent.log\n/var/log\n");
    expect(h.text().endsWith("simulated:/var/log$ ")).toBe(true);
    expect(await h.run("cd; X=4; echo \"$X $((X*10)) '$(echo a b)'\" 'q $X'")).toBe("4 40 'a b' q $X\n");
    expect(await h.run("echo 'unterminated")).toContain("unexpected EOF");
    expect(await h.run("seq 1 100000 | wc -l")).toBe("100000\n");
    expect(await h.run("yes | head -2")).toBe("y\ny\n");
  });

  it("edits the line: backspace, Ctrl-U, Ctrl-C, history on the up arrow", async () => {
    const h = await opened();
    expect(await h.run("echo abx\x7fc")).toContain("abc\n");
    h.type("echo gone\x15");
    h.type("\x03");
    await until(() => h.text().endsWith("^C\r\nsimulated:~$ "));
    expect(await h.run("echo kept")).toBe("kept\n");
    expect(h.text()).not.toContain("gone\r\n");
    const before = h.text().length;
    h.type("\x1b[A\r");
    await until(() => h.text().slice(before).includes("kept\r\n"));
  });

  it("resizes: stty size reports the session's size", async () => {
    const h = await opened();
    h.sessions.message({ type: "tunnelResize", session: A, cols: 132, rows: 43 });
    expect(await h.run("stty size")).toBe("43 132\n");
  });

  it("stops producing while the window is full, resumes on credit, and Ctrl-C interrupts", async () => {
    const h = await opened();
    h.type("yes outpost-flow-control-test\r");
    await until(() => h.sessions.flow(A)?.paused === true);
    await new Promise((r) => setTimeout(r, 200));
    const held = h.bytes();
    await new Promise((r) => setTimeout(r, 200));
    expect(h.bytes()).toBe(held);
    expect(held).toBe(TUNNEL_WINDOW_BYTES);
    h.sessions.message({ type: "tunnelCredit", session: A, bytes: TUNNEL_WINDOW_BYTES });
    await until(() => h.bytes() > held + TUNNEL_WINDOW_BYTES / 2);
    h.type("\x03");
    h.sessions.message({ type: "tunnelCredit", session: A, bytes: TUNNEL_WINDOW_BYTES });
    h.sessions.message({ type: "tunnelCredit", session: A, bytes: TUNNEL_WINDOW_BYTES });
    await until(() => /\^C\r\nsimulated:~\$ $/.test(h.text()));
  });

  it("a long output (seq 1 300000) gets through as the browser credits it", async () => {
    const h = await opened();
    let credited = 0;
    const creditor = setInterval(() => {
      const behind = h.bytes() - credited;
      if (behind > 0) {
        h.sessions.message({ type: "tunnelCredit", session: A, bytes: Math.min(behind, TUNNEL_WINDOW_BYTES) });
        credited += Math.min(behind, TUNNEL_WINDOW_BYTES);
      }
    }, 5);
    try {
      h.type("seq 1 300000; echo done-$((1+1))\r");
      await until(() => h.text().includes("done-2"), 20_000);
      expect(h.text()).toContain("\r\n299999\r\n300000\r\ndone-2");
    } finally {
      clearInterval(creditor);
    }
  });

  it("exit and Ctrl-D end the session with the exited reason; sleep is interrupted by closing", async () => {
    const h = harness();
    open.push(h.sessions);
    await h.sessions.open({ type: "tunnelOpen", session: A, kind: "terminal" });
    await h.sessions.open({ type: "tunnelOpen", session: B, kind: "terminal" });
    h.type("exit\r", A);
    h.type("\x04", B);
    await until(() => h.json.filter((m) => m.type === "tunnelClose").length === 2);
    expect(h.json.filter((m) => m.type === "tunnelClose").map((m) => m.reason)).toEqual([
      TUNNEL_TEXT.exited,
      TUNNEL_TEXT.exited,
    ]);
    expect(h.sessions.size).toBe(0);
  });
});

describe("the simulated grep's patterns", () => {
  it("match as POSIX basic and extended expressions, in linear time", () => {
    const key = 'x{"kty":"EC","x":"1","d":"s3cret","crv":"P-256"}y';
    expect(new SimRegex('{"kty":"EC"[^}]*"d":"[^"]*"[^}]*}').matches(key)).toEqual([key.slice(1, -1)]);
    expect(new SimRegex("a\\(b\\|c\\)\\+$").test("xabcb")).toBe(true);
    expect(new SimRegex("a(b|c)+$").test("xa(b|c)+")).toBe(true);
    expect(new SimRegex("a(b|c)+$", { extended: true }).test("xabcb")).toBe(true);
    expect(new SimRegex("^[[:digit:]]+ [A-Z]", { extended: true, ignoreCase: true }).matches("42 go")).toEqual([
      "42 g",
    ]);
    expect(new SimRegex("a.c", { fixed: true }).test("abc")).toBe(false);
    // What would stall a backtracking engine for minutes takes milliseconds.
    const started = Date.now();
    expect(new SimRegex("a*a*a*a*a*a*c").test("a".repeat(4096))).toBe(false);
    expect(new SimRegex("(a|aa)*(a|aa)*b", { extended: true }).test("a".repeat(4096))).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe("the shell's parser", () => {
  it("splits lists, pipes and redirections; arithmetic is integer and safe", () => {
    expect(parseLine("a 'b c' | d > f; e && g 2>&1")).toEqual([
      {
        connector: ";",
        commands: [
          { words: ["a", "'b c'"], redirects: [] },
          { words: ["d"], redirects: [{ op: ">", target: "f" }] },
        ],
      },
      { connector: ";", commands: [{ words: ["e"], redirects: [] }] },
      { connector: "&&", commands: [{ words: ["g"], redirects: [{ op: "2>&1", target: "" }] }] },
    ]);
    expect(() => parseLine("| a")).toThrow(/syntax error/);
    expect(arithmetic("6*7", () => undefined)).toBe(42);
    expect(arithmetic("(x + 2) ** 2 % 7", (n) => (n === "x" ? "3" : undefined))).toBe(4);
    expect(() => arithmetic("process.exit()", () => undefined)).toThrow(/syntax error/);
  });
});
