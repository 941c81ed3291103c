import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { PanelState } from "../../contracts/display-health/schema.ts";
import type { XrandrOutput } from "../providers/xrandr.ts";

/**
 * What the OS says of a display's connector and panel, from the sources a Linux player has:
 * DRM (`/sys/class/drm/card*-*\/status|enabled|edid`), xrandr's outputs, and HDMI-CEC power
 * (`echo pow 0 | cec-client -s -d 1`). Each source may be missing; `panelState` combines them.
 */

export type DrmConnector = {
  name: string;
  status: "connected" | "disconnected" | "unknown";
  enabled: boolean | null;
  edid: boolean;
};

/** The connectors under /sys/class/drm (empty where there is no DRM, e.g. Xvfb). */
export async function readDrm(root = "/sys/class/drm"): Promise<DrmConnector[]> {
  let names: string[];
  try {
    names = (await readdir(root)).filter((n) => /^card\d+-/.test(n));
  } catch {
    return [];
  }
  const read = (n: string, f: string) => readFile(join(root, n, f)).catch(() => null);
  return Promise.all(
    names.map(async (name) => {
      const [status, enabled, edid] = await Promise.all([
        read(name, "status"),
        read(name, "enabled"),
        read(name, "edid"),
      ]);
      const s = status?.toString().trim();
      const e = enabled?.toString().trim();
      return {
        name: name.replace(/^card\d+-/, ""),
        status: s === "connected" || s === "disconnected" ? s : "unknown",
        enabled: e === "enabled" ? true : e === "disabled" ? false : null,
        edid: (edid?.length ?? 0) > 0,
      } satisfies DrmConnector;
    }),
  );
}

/** cec-client's answer to `pow 0`: "power status: on|standby|in transition…|unknown". */
export function parseCecPower(text: string): "on" | "standby" | null {
  const m = /power status:\s*(\S+)/i.exec(text);
  if (!m) return null;
  const v = (m[1] ?? "").toLowerCase();
  if (v === "on" || v.startsWith("in transition from standby")) return "on";
  if (v === "standby" || v.startsWith("in transition from on")) return "standby";
  return null;
}

/** xrandr names outputs "HDMI-1", DRM "HDMI-A-1": compare without the "-A". */
const sameOutput = (drm: string, xrandr: string) => drm.replace(/-A-/, "-") === xrandr.replace(/-A-/, "-");

export type PanelSources = {
  display: string;
  drm?: readonly DrmConnector[];
  xrandr?: readonly XrandrOutput[] | null;
  cec?: "on" | "standby" | null;
};

/**
 * Panel on, off, no signal (unplugged) or unknown. A disconnected connector (or one with no
 * EDID) is unplugged; a connected one that is disabled, or a TV in CEC standby, is off; a
 * connected, enabled one with a mode is on. Nothing known (Xvfb, no DRM, no CEC): unknown, and the
 * picture decides.
 */
export function panelState({ display, drm = [], xrandr = null, cec = null }: PanelSources): PanelState {
  const d = drm.find((c) => sameOutput(c.name, display));
  const x = xrandr?.find((o) => sameOutput(o.output, display));
  if (d?.status === "disconnected" || (x && !x.connected)) return "no_signal";
  if (cec === "standby") return "off";
  if (d?.enabled === false) return "off";
  if (x?.connected && !x.current) return "off";
  if (cec === "on") return "on";
  if (d?.status === "connected" && d.enabled) return "on";
  return "unknown";
}
