// One simulated device's tree and facts: its files, kernel, environment, agent log, all fixed per device.
import { dir, file, KIB, SIM_USER, SimFs, type SimIdentity } from "./fs.ts";

/** A short, stable number from a text (FNV-1a), for values fixed per device. */
export function hashOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** The kernel a simulated device runs, by architecture and OS. */
export function kernelOf(id: SimIdentity): { release: string; machine: string; version: string } {
  const arm = id.os[2] === "arm64";
  const pi = /raspberry/i.test(id.os[0]);
  const release = pi ? "6.6.51+rpt-rpi-2712" : arm ? "5.15.137-android13" : "6.1.0-27-amd64";
  const version = pi
    ? "#1 SMP PREEMPT Debian 1:6.6.51-1+rpt3 (2024-10-08)"
    : "#1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1 (2024-11-01)";
  return { release, machine: arm ? "aarch64" : "x86_64", version };
}

/** The simulated user's starting environment (the only environment the shell knows). */
export function simEnv(id: SimIdentity): Map<string, string> {
  return new Map([
    ["HOME", SIM_USER.home],
    ["HOSTNAME", id.hostname],
    ["LANG", "C.UTF-8"],
    ["LOGNAME", SIM_USER.name],
    ["PATH", "/usr/local/bin:/usr/bin:/bin"],
    ["PWD", SIM_USER.home],
    ["SHELL", "/bin/bash"],
    ["TERM", "xterm-256color"],
    ["USER", SIM_USER.name],
  ]);
}

/** The log lines of the simulated agent: a few hours of heartbeats, ending now. */
export function agentLog(id: SimIdentity, now: number, count = 40): string[] {
  const lines: string[] = [];
  const stamp = (t: number) => new Date(t).toISOString().replace("T", " ").slice(0, 19);
  const host = id.hostname;
  for (let i = count - 1; i >= 0; i--) {
    const t = now - i * 5 * 60_000 - (hashOf(`${id.uuid}/${i}`) % 60_000);
    const kind = hashOf(`${id.uuid}/log/${i}`) % 6;
    const text =
      kind === 0
        ? "telemetry sent (cpu, ram, storage, network, thermal)"
        : kind === 1
          ? "heartbeat ok"
          : kind === 2
            ? "inventory unchanged"
            : kind === 3
              ? "peripherals checked: all responding"
              : kind === 4
                ? "connected to the device room"
                : "journal flushed";
    lines.push(`${stamp(t)} ${host} outpost-agent[${700 + (hashOf(id.uuid) % 300)}]: ${text}`);
  }
  return lines;
}

/** The tree of one simulated device: built once per terminal session (writes stay in that session). */
export function buildFs(
  id: SimIdentity,
  now: () => number,
  env: () => Map<string, string>,
  /** The built-in commands, shown in /bin and /usr/bin. */
  commands: string[],
): SimFs {
  const boot = id.bootedAt;
  const kernel = kernelOf(id);
  const [osName, osVersion] = id.os;
  const codename = osVersion === "11" ? "bullseye" : "bookworm";
  const osId = /raspberry/i.test(osName) ? "raspbian" : /android/i.test(osName) ? "android" : "debian";
  const osRelease = [
    `PRETTY_NAME="${osName} ${osVersion}${osId === "debian" || osId === "raspbian" ? ` (${codename})` : ""}"`,
    `NAME="${osName}"`,
    `VERSION_ID="${osVersion}"`,
    `VERSION="${osVersion}${osId === "android" ? "" : ` (${codename})`}"`,
    `ID=${osId}`,
    ...(osId === "raspbian" ? ["ID_LIKE=debian"] : []),
    `HOME_URL="https://www.debian.org/"`,
    "",
  ].join("\n");
  const passwd = [
    "root:x:0:0:root:/root:/bin/bash",
    "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin",
    "bin:x:2:2:bin:/bin:/usr/sbin/nologin",
    "sys:x:3:3:sys:/dev:/usr/sbin/nologin",
    "sync:x:4:65534:sync:/bin:/bin/sync",
    "man:x:6:12:man:/var/cache/man:/usr/sbin/nologin",
    "_apt:x:42:65534::/nonexistent:/usr/sbin/nologin",
    "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin",
    "systemd-network:x:998:998:systemd Network Management:/:/usr/sbin/nologin",
    "messagebus:x:100:107::/nonexistent:/usr/sbin/nologin",
    "outpost:x:997:997:Outpost agent:/var/lib/outpost:/usr/sbin/nologin",
    `${SIM_USER.name}:x:${SIM_USER.uid}:${SIM_USER.gid}:Kiosk,,,:${SIM_USER.home}:/bin/bash`,
    "",
  ].join("\n");
  const group = [
    "root:x:0:",
    "adm:x:4:",
    "tty:x:5:",
    "video:x:44:kiosk",
    "plugdev:x:46:kiosk",
    "users:x:100:",
    "outpost:x:997:",
    `${SIM_USER.name}:x:${SIM_USER.gid}:`,
    "",
  ].join("\n");
  const cpuinfo = () =>
    Array.from({ length: id.threads }, (_, n) =>
      [
        `processor\t: ${n}`,
        kernel.machine === "aarch64" ? "BogoMIPS\t: 108.00" : "vendor_id\t: GenuineIntel",
        `model name\t: ${id.cpu}`,
        ...(kernel.machine === "aarch64" ? [] : ["cpu MHz\t\t: 2000.000", "cache size\t: 4096 KB"]),
        `core id\t\t: ${n}`,
        `cpu cores\t: ${id.threads}`,
        "",
      ].join("\n"),
    ).join("\n");
  const meminfo = () => {
    const total = Math.floor(id.ramBytes / KIB);
    const free = Math.floor(total * 0.38);
    return [
      `MemTotal:       ${String(total).padStart(9)} kB`,
      `MemFree:        ${String(free).padStart(9)} kB`,
      `MemAvailable:   ${String(Math.floor(total * 0.55)).padStart(9)} kB`,
      `Buffers:        ${String(Math.floor(total * 0.02)).padStart(9)} kB`,
      `Cached:         ${String(Math.floor(total * 0.15)).padStart(9)} kB`,
      "SwapTotal:              0 kB",
      "SwapFree:               0 kB",
      "",
    ].join("\n");
  };
  const environ = () =>
    [...env().entries()]
      .filter(([key]) => key !== "PS1")
      .map(([k, v]) => `${k}=${v}\0`)
      .join("");
  const self = () =>
    dir({
      cmdline: file("-bash\0"),
      environ: file(environ, { owner: SIM_USER.name, mode: "-r--------" }),
      status: file(
        `Name:\tbash\nState:\tR (running)\nUid:\t${SIM_USER.uid}\t${SIM_USER.uid}\t${SIM_USER.uid}\t${SIM_USER.uid}\n`,
      ),
    });
  const syslog = () =>
    [
      ...agentLog(id, now(), 20).map((l) =>
        l.replace("outpost-agent", "systemd[1]").replace(/: .*/, ": Started session."),
      ),
      ...agentLog(id, now(), 20),
    ]
      .sort()
      .join("\n")
      .concat("\n");
  const bin = () =>
    dir(
      Object.fromEntries(
        commands.map((name) => [
          name,
          file("\x7fELF (a command built into the simulated shell)\n", { mode: "-rwxr-xr-x" }),
        ]),
      ),
    );
  const readme = [
    `This is the simulated terminal of ${id.name}.`,
    "",
    "It is a small shell built into the Outpost simulator: its files live in memory and its",
    "commands are built in (type `help`). Nothing typed here runs on a real machine.",
    "",
  ].join("\n");
  const uptime = () => {
    const up = Math.max(0, (now() - boot) / 1000);
    return `${up.toFixed(2)} ${(up * id.threads * 0.8).toFixed(2)}\n`;
  };
  const mtime = boot;
  return new SimFs(
    dir({
      bin: bin(),
      boot: dir({}, { private: true }),
      dev: dir({
        null: file("", { mode: "crw-rw-rw-" }),
        sda: file("", { mode: "brw-rw----", private: true }),
        tty: file("", { mode: "crw-rw-rw-" }),
      }),
      etc: dir({
        group: file(group),
        hostname: file(`${id.hostname}\n`),
        hosts: file(`127.0.0.1\tlocalhost\n127.0.1.1\t${id.hostname}\n::1\t\tlocalhost ip6-localhost ip6-loopback\n`),
        "machine-id": file(`${id.uuid.replace(/-/g, "")}\n`),
        "os-release": file(osRelease),
        outpost: dir({ "agent.json": file("", { private: true, mode: "-rw-------" }) }, { mode: "drwxr-x---" }),
        passwd: file(passwd),
        "resolv.conf": file("nameserver 10.0.0.1\n"),
        shadow: file("", { private: true, owner: "root", mode: "-rw-r-----" }),
        sudoers: file("", { private: true, mode: "-r--r-----" }),
        timezone: file("Etc/UTC\n"),
      }),
      home: dir({
        [SIM_USER.name]: dir(
          {
            ".bash_history": file("uptime\nsystemctl status outpost-agent\n", { owner: SIM_USER.name }),
            ".bashrc": file("# ~/.bashrc: the simulated shell reads no startup files.\n", { owner: SIM_USER.name }),
            ".profile": file("# ~/.profile\n", { owner: SIM_USER.name }),
            "README.txt": file(readme, { owner: SIM_USER.name }),
            kiosk: dir(
              {
                "config.json": file(`{ "url": "http://localhost:3000/", "fullscreen": true }\n`, {
                  owner: SIM_USER.name,
                }),
              },
              { owner: SIM_USER.name, writable: true, mode: "drwxr-xr-x", mtime },
            ),
          },
          { owner: SIM_USER.name, writable: true, mode: "drwxr-xr-x", mtime },
        ),
      }),
      opt: dir({ "outpost-agent": dir({ VERSION: file("1.0.0 (simulated)\n") }) }),
      proc: dir({
        cpuinfo: file(cpuinfo),
        loadavg: file(() => `${(id.threads * 0.12).toFixed(2)} ${(id.threads * 0.1).toFixed(2)} 0.08 1/142 1234\n`),
        meminfo: file(meminfo),
        self: self(),
        uptime: file(uptime),
        version: file(() => `Linux version ${kernel.release} (debian-kernel@lists.debian.org) ${kernel.version}\n`),
      }),
      root: dir({}, { private: true }),
      sys: dir({}),
      tmp: dir({}, { writable: true, mtime }),
      usr: dir({ bin: bin(), lib: dir({}), local: dir({ bin: dir({}) }), share: dir({}) }),
      var: dir({
        lib: dir({ outpost: dir({}, { private: true, owner: "outpost" }) }),
        log: dir({
          "outpost-agent.log": file(() => `${agentLog(id, now()).join("\n")}\n`, {
            owner: "outpost",
            mode: "-rw-r--r--",
          }),
          syslog: file(syslog),
          "auth.log": file("", { private: true }),
        }),
        tmp: dir({}, { writable: true, mtime }),
      }),
    }),
    now,
  );
}

/** Bytes in human units as `df -h`/`free -h` print them. */
export function human(bytes: number): string {
  const units = ["B", "K", "M", "G", "T"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value >= 10 || unit === 0 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown}${unit === 0 ? "" : units[unit]}`;
}
