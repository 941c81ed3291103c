// The simulated device's system as its tools show it: date, uptime, load, processes, uname, df, free, ps, top, sleep.
import { type Command, outLines, parseFlags, type Sh } from "./command-kit.ts";
import { hashOf, human, kernelOf } from "./device-tree.ts";
import { SIM_USER } from "./fs.ts";

export const pad2 = (n: number) => String(n).padStart(2, "0");
export const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function formatDate(t: number, format: string): string {
  const d = new Date(t);
  const map: Record<string, string> = {
    a: DAYS[d.getUTCDay()],
    b: MONTHS[d.getUTCMonth()],
    d: pad2(d.getUTCDate()),
    e: String(d.getUTCDate()).padStart(2, " "),
    F: `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`,
    H: pad2(d.getUTCHours()),
    M: pad2(d.getUTCMinutes()),
    m: pad2(d.getUTCMonth() + 1),
    S: pad2(d.getUTCSeconds()),
    s: String(Math.floor(t / 1000)),
    T: `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`,
    Y: String(d.getUTCFullYear()),
    y: pad2(d.getUTCFullYear() % 100),
    Z: "UTC",
    z: "+0000",
    n: "\n",
    t: "\t",
    "%": "%",
  };
  return format.replace(/%(.)/g, (all, c: string) => map[c] ?? all);
}

export function uptimeText(sh: Sh): string {
  const secs = Math.max(0, Math.floor((sh.now() - sh.id.bootedAt) / 1000));
  const days = Math.floor(secs / 86400);
  const hours = Math.floor((secs % 86400) / 3600);
  const mins = Math.floor((secs % 3600) / 60);
  const since = days > 0 ? `${days} day${days === 1 ? "" : "s"}, ` : "";
  return `${since}${String(hours).padStart(2)}:${pad2(mins)}`;
}

export const loads = (sh: Sh) => {
  const base = (hashOf(sh.id.uuid) % 40) / 100 + 0.1;
  return [base + 0.05, base, base - 0.04].map((n) => (n * sh.id.threads * 0.5).toFixed(2));
};

/** The simulated device's processes: the same for ps and top. */
export function processes(sh: Sh) {
  const pid = 700 + (hashOf(sh.id.uuid) % 300);
  const ramKb = Math.floor(sh.id.ramBytes / 1024);
  const rows: [number, string, number, number, string][] = [
    [1, "root", 0.0, 0.3, "/sbin/init"],
    [212, "root", 0.0, 0.4, "/lib/systemd/systemd-journald"],
    [245, "root", 0.0, 0.1, "/lib/systemd/systemd-udevd"],
    [402, "root", 0.1, 0.5, "/usr/sbin/NetworkManager --no-daemon"],
    [530, "root", 1.2, 2.1, "/usr/lib/xorg/Xorg :0 -nolisten tcp vt7"],
    [pid, "outpost", 0.6, 1.4, "/opt/outpost-agent/bin/node /opt/outpost-agent/agent.js --allow-terminal"],
    [1120, SIM_USER.name, 3.8, 9.7, "/usr/lib/chromium/chromium --kiosk http://localhost:3000/"],
    [4242, SIM_USER.name, 0.0, 0.1, "-bash"],
  ];
  return rows.map(([p, user, cpu, mem, cmd]) => ({
    pid: p,
    user,
    cpu,
    mem,
    vsz: Math.floor((ramKb * mem) / 40) + 4000,
    rss: Math.floor((ramKb * mem) / 100) + 900,
    cmd,
  }));
}

export function dateShort(t: number): string {
  const d = new Date(t);
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2)} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}

export const sleep: Command = async (args, io, sh) => {
  let total = 0;
  for (const a of args) {
    const m = /^(\d+(?:\.\d+)?)([smhd]?)$/.exec(a);
    if (!m) {
      await io.err(`sleep: invalid time interval '${a}'\n`);
      return 1;
    }
    total += Number(m[1]) * ({ "": 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2]] ?? 1);
  }
  if (!args.length) {
    await io.err("sleep: missing operand\n");
    return 1;
  }
  await sh.sleep(total * 1000);
  return 0;
};

export const uname: Command = async (args, io, sh) => {
  const { flags } = parseFlags(args);
  const k = kernelOf(sh.id);
  const all = flags.has("a");
  const parts: string[] = [];
  if (all || flags.has("s") || flags.size === 0) parts.push("Linux");
  if (all || flags.has("n")) parts.push(sh.id.hostname);
  if (all || flags.has("r")) parts.push(k.release);
  if (all || flags.has("v")) parts.push(k.version);
  if (all || flags.has("m")) parts.push(k.machine);
  if (flags.has("p")) parts.push(k.machine);
  if (all || flags.has("o")) parts.push("GNU/Linux");
  await io.out(`${parts.join(" ")}\n`);
  return 0;
};

export const df: Command = async (args, io, sh) => {
  const { flags } = parseFlags(args);
  const h = flags.has("h");
  const disk = sh.id.diskBytes;
  const usedShare = 0.2 + (hashOf(`${sh.id.uuid}/disk`) % 50) / 100;
  const rows: [string, number, number, string][] = [
    ["udev", sh.id.ramBytes / 2, 0, "/dev"],
    ["tmpfs", sh.id.ramBytes / 10, 1.2 * 1024 * 1024, "/run"],
    ["/dev/sda2", disk - 512 * 1024 * 1024, disk * usedShare, "/"],
    ["tmpfs", sh.id.ramBytes / 2, 0, "/dev/shm"],
    ["/dev/sda1", 512 * 1024 * 1024, 6 * 1024 * 1024, "/boot/efi"],
  ];
  const fmt = (n: number) => (h ? human(n) : String(Math.floor(n / 1024)));
  const lines = [
    `${"Filesystem".padEnd(14)} ${(h ? "Size" : "1K-blocks").padStart(10)} ${"Used".padStart(10)} ${"Avail".padStart(10)} Use% Mounted on`,
    ...rows.map(
      ([fs, size, used, mount]) =>
        `${fs.padEnd(14)} ${fmt(size).padStart(10)} ${fmt(used).padStart(10)} ${fmt(size - used).padStart(10)} ${`${Math.ceil((used / size) * 100)}%`.padStart(4)} ${mount}`,
    ),
  ];
  await outLines(io, lines);
  return 0;
};

export const free: Command = async (args, io, sh) => {
  const { flags } = parseFlags(args);
  const total = sh.id.ramBytes;
  const used = total * (0.3 + (hashOf(`${sh.id.uuid}/ram`) % 40) / 100);
  const cache = total * 0.15;
  const unit = flags.has("h")
    ? human
    : flags.has("g")
      ? (n: number) => String(Math.floor(n / 1024 ** 3))
      : flags.has("m")
        ? (n: number) => String(Math.floor(n / 1024 ** 2))
        : (n: number) => String(Math.floor(n / 1024));
  const cells = (xs: number[]) => xs.map((x) => unit(x).padStart(11)).join(" ");
  await outLines(io, [
    `${" ".repeat(15)}${["total", "used", "free", "shared", "buff/cache", "available"].map((s) => s.padStart(11)).join(" ")}`,
    `Mem:${" ".repeat(11)}${cells([total, used, total - used - cache, total * 0.01, cache, total - used])}`,
    `Swap:${" ".repeat(10)}${cells([0, 0, 0])}`,
  ]);
  return 0;
};

export const ps: Command = async (args, io, sh) => {
  const wide = args.some((a) => /^-?(aux|ef|e|A|ax)$/.test(a));
  const procs = processes(sh);
  if (!wide) {
    await outLines(io, [
      "    PID TTY          TIME CMD",
      "   4242 pts/0    00:00:00 bash",
      "   4300 pts/0    00:00:00 ps",
    ]);
    return 0;
  }
  await outLines(io, [
    "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND",
    ...[...procs, { pid: 4300, user: SIM_USER.name, cpu: 0, mem: 0.1, vsz: 9000, rss: 3200, cmd: "ps aux" }].map((p) =>
      `${p.user.padEnd(8)} ${String(p.pid).padStart(7)} ${p.cpu.toFixed(1).padStart(4)} ${p.mem.toFixed(1).padStart(4)} ${String(p.vsz).padStart(6)} ${String(p.rss).padStart(5)} ${p.user === SIM_USER.name && p.cmd.includes("bash") ? "pts/0   " : "?       "} ${p.pid === 4300 ? "R+" : "Ss"}   ${formatDate(sh.id.bootedAt, "%H:%M")}   0:0${p.pid % 10} ${p.cmd}`.slice(
        0,
        Math.max(80, sh.cols),
      ),
    ),
  ]);
  return 0;
};

export const top: Command = async (_args, io, sh) => {
  const procs = processes(sh).sort((a, b) => b.cpu - a.cpu);
  const mib = sh.id.ramBytes / 1024 ** 2;
  await outLines(io, [
    `top - ${formatDate(sh.now(), "%T")} up ${uptimeText(sh)},  1 user,  load average: ${loads(sh).join(", ")}`,
    `Tasks: ${procs.length + 96} total,   1 running, ${procs.length + 95} sleeping,   0 stopped,   0 zombie`,
    "%Cpu(s):  4.1 us,  1.2 sy,  0.0 ni, 94.3 id,  0.2 wa,  0.0 hi,  0.2 si,  0.0 st",
    `MiB Mem : ${mib.toFixed(1).padStart(8)} total, ${(mib * 0.38).toFixed(1).padStart(8)} free, ${(mib * 0.45).toFixed(1).padStart(8)} used, ${(mib * 0.17).toFixed(1).padStart(8)} buff/cache`,
    "",
    "    PID USER      PR  NI    VIRT    RES  %CPU  %MEM     TIME+ COMMAND",
    ...procs.map(
      (p) =>
        `${String(p.pid).padStart(7)} ${p.user.padEnd(9)} 20   0 ${String(p.vsz).padStart(7)} ${String(p.rss).padStart(6)} ${p.cpu.toFixed(1).padStart(5)} ${p.mem.toFixed(1).padStart(5)}   0:0${p.pid % 10}.12 ${p.cmd.split(" ")[0].split("/").at(-1)}`,
    ),
    "(a snapshot: the simulated shell has no full-screen programs)",
  ]);
  return 0;
};
