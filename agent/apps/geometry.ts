/** Where a display sits on the X screen: what a kiosk window needs to land on it. */
export type Geometry = { x: number; y: number; width: number; height: number };

/**
 * The geometry of every connected output with a mode, from `xrandr --query`:
 *   HDMI-1 connected primary 1920x1080+0+0 (normal left …) 527mm x 296mm
 *   DP-1 connected 1280x1024+1920+0 …
 * Also the whole screen ("Screen 0: … current 3200 x 1080") under the key "".
 */
export function xrandrGeometries(text: string): Map<string, Geometry> {
  const out = new Map<string, Geometry>();
  for (const line of text.split("\n")) {
    const screen = /^Screen \d+:.*current (\d+) x (\d+)/.exec(line);
    if (screen) {
      out.set("", { x: 0, y: 0, width: Number(screen[1]), height: Number(screen[2]) });
      continue;
    }
    const head = /^(\S+) connected\b(.*)$/.exec(line);
    const geometry = head && /(\d+)x(\d+)\+(\d+)\+(\d+)/.exec(head[2].split("(")[0]);
    if (!head || !geometry) continue;
    const [, w, h, x, y] = geometry.map(Number);
    out.set(head[1], { x, y, width: w, height: h });
  }
  return out;
}

/**
 * A configured display's place: its graphical output, else the output its name starts with
 * ("HDMI-1@DELL P2422H"), else (one screen, e.g. Xvfb's "screen") the only output or the screen.
 */
export function geometryOf(
  display: { name: string; graphical_output?: string },
  geometries: ReadonlyMap<string, Geometry>,
): Geometry | null {
  const output = display.graphical_output || display.name.split("@")[0];
  const found = geometries.get(output);
  if (found) return found;
  const outputs = [...geometries.entries()].filter(([k]) => k !== "");
  if (outputs.length === 1) return outputs[0][1];
  return geometries.get("") ?? null;
}
