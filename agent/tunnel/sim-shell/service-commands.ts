// The simulated device's network and services as its tools show them: ip, systemctl, journalctl.
import { type Command, outLines, parseFlags } from "./command-kit.ts";
import { agentLog, hashOf } from "./device-tree.ts";
import { formatDate, uptimeText } from "./system-commands.ts";

export const ip: Command = async (args, io, sh) => {
  const what = args.filter((a) => !a.startsWith("-"))[0] ?? "";
  const mac = sh.id.mac.toLowerCase();
  const v6 = `fe80::${mac.split(":").slice(3).join("")}:1/64`;
  if (/^a(d(d(r(e(s(s)?)?)?)?)?)?$/.test(what)) {
    await outLines(io, [
      "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000",
      "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00",
      "    inet 127.0.0.1/8 scope host lo",
      "       valid_lft forever preferred_lft forever",
      "2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP group default qlen 1000",
      `    link/ether ${mac} brd ff:ff:ff:ff:ff:ff`,
      `    inet ${sh.id.ip}/24 brd ${sh.id.ip.replace(/\d+$/, "255")} scope global dynamic eth0`,
      "       valid_lft 85603sec preferred_lft 85603sec",
      `    inet6 ${v6} scope link`,
      "       valid_lft forever preferred_lft forever",
    ]);
    return 0;
  }
  if (/^l(i(n(k)?)?)?$/.test(what)) {
    await outLines(io, [
      "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000",
      "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00",
      "2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP mode DEFAULT group default qlen 1000",
      `    link/ether ${mac} brd ff:ff:ff:ff:ff:ff`,
    ]);
    return 0;
  }
  if (/^r(o(u(t(e)?)?)?)?$/.test(what)) {
    const net = sh.id.ip.replace(/\d+$/, "0");
    await outLines(io, [
      `default via ${sh.id.ip.replace(/\d+$/, "1")} dev eth0 proto dhcp src ${sh.id.ip} metric 100`,
      `${net}/24 dev eth0 proto kernel scope link src ${sh.id.ip} metric 100`,
    ]);
    return 0;
  }
  await io.err("Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }\n       OBJECT := { address | link | route }\n");
  return what ? 1 : 255;
};

export const agentUnit = "outpost-agent";
export const systemctl: Command = async (args, io, sh) => {
  const { rest } = parseFlags(args);
  const [verb = "list-units", ...units] = rest;
  const unit = (units[0] ?? agentUnit).replace(/\.service$/, "");
  if (verb === "status") {
    if (unit !== agentUnit) {
      await io.err(`Unit ${unit}.service could not be found.\n`);
      return 4;
    }
    const pid = 700 + (hashOf(sh.id.uuid) % 300);
    await outLines(io, [
      `● ${agentUnit}.service - Outpost device agent`,
      `     Loaded: loaded (/etc/systemd/system/${agentUnit}.service; enabled; preset: enabled)`,
      `     Active: active (running) since ${formatDate(sh.id.bootedAt, "%a %F %T %Z")}; ${uptimeText(sh).trim()} ago`,
      `   Main PID: ${pid} (node)`,
      "      Tasks: 11 (limit: 4915)",
      `     Memory: ${Math.round((sh.id.ramBytes * 0.014) / 1024 ** 2)}.4M`,
      `     CGroup: /system.slice/${agentUnit}.service`,
      `             └─${pid} /opt/outpost-agent/bin/node /opt/outpost-agent/agent.js --allow-terminal`,
      "",
      ...agentLog(sh.id, sh.now(), 6),
    ]);
    return 0;
  }
  if (verb === "list-units" || verb === "--type=service") {
    await outLines(io, [
      "  UNIT                        LOAD   ACTIVE SUB     DESCRIPTION",
      "  NetworkManager.service      loaded active running Network Manager",
      `  ${`${agentUnit}.service`.padEnd(27)} loaded active running Outpost device agent`,
      "  kiosk-browser.service       loaded active running Kiosk browser session",
      "  systemd-journald.service    loaded active running Journal Service",
      "  systemd-timesyncd.service   loaded active running Network Time Synchronization",
    ]);
    return 0;
  }
  if (
    ["start", "stop", "restart", "reload", "enable", "disable", "reboot", "poweroff", "kill", "mask"].includes(verb)
  ) {
    await io.err(`Failed to ${verb} ${units[0] ?? ""}: Interactive authentication required.\n`.replace("  ", " "));
    return 1;
  }
  await io.err(`Unknown command verb '${verb}'.\n`);
  return 1;
};

export const journalctl: Command = async (args, io, sh) => {
  const { values } = parseFlags(args, "un");
  const unit = values.get("u")?.replace(/\.service$/, "");
  if (unit && unit !== agentUnit) {
    await io.out("-- No entries --\n");
    return 0;
  }
  const n = Number(values.get("n") ?? 40);
  const lines = agentLog(sh.id, sh.now(), 40);
  await outLines(io, lines.slice(-Math.max(0, Math.min(40, Number.isFinite(n) ? n : 40))));
  return 0;
};
