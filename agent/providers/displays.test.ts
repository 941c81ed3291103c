import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DisplayFindings } from "../../contracts/peripherals/schema.ts";
import { createExecutor } from "./index.ts";
import { type AppliedDisplay, orientationOf, parseXrandr, toDisplayFindings, xrandrArgs } from "./xrandr.ts";

/** Captured from a two-screen kiosk (HDMI-1 rotated left and mirrored, DP-1 off, DP-2 unplugged). */
const XRANDR = `Screen 0: minimum 320 x 200, current 3000 x 1920, maximum 16384 x 16384
HDMI-1 connected primary 1080x1920+0+0 left X axis (normal left inverted right x axis y axis) 527mm x 296mm
   1920x1080     60.00*+  50.00    59.94
   1280x720      60.00    50.00
   1024x768i     60.00
DP-1 connected (normal left inverted right x axis y axis)
   3840x2160     30.00 +  25.00
   1920x1080     60.00
DP-2 disconnected (normal left inverted right x axis y axis)
`;

const SI = [
  {
    vendor: "Dell",
    model: "DELL P2422H",
    connection: "HDMI-1",
    deviceName: null,
    main: true,
    currentResX: 1920,
    currentResY: 1080,
    currentRefreshRate: 60,
  },
];

describe("xrandr parsing", () => {
  it("reads outputs, modes with their rates, the current mode, primary and rotation", () => {
    const outputs = parseXrandr(XRANDR);
    expect(outputs.map((o) => [o.output, o.connected, o.primary])).toEqual([
      ["HDMI-1", true, true],
      ["DP-1", true, false],
      ["DP-2", false, false],
    ]);
    expect(outputs[0]).toMatchObject({
      current: "1080x1920",
      rate: 60,
      orientation: "90 flipped",
      modes: { "1920x1080": [60, 50, 59.94], "1280x720": [60, 50], "1024x768": [60] },
    });
    expect(outputs[1]).toMatchObject({ current: "", rate: null, orientation: "normal" });
    expect(outputs[1].modes["3840x2160"]).toEqual([30, 25]);
  });

  it("maps rotation and reflection to the console's orientations", () => {
    expect(orientationOf("normal", false)).toBe("normal");
    expect(orientationOf("right", false)).toBe("270");
    expect(orientationOf("inverted", true)).toBe("180 flipped");
    expect(orientationOf("normal", true)).toBe("flipped");
  });
});

describe("display findings", () => {
  it("names connected xrandr outputs with systeminformation's model", () => {
    const found = DisplayFindings.parse({ displays: toDisplayFindings(SI, parseXrandr(XRANDR)) }).displays;
    expect(found.map((d) => [d.name, d.primary, d.graphical_output])).toEqual([
      ["HDMI-1@DELL P2422H", true, "HDMI-1"],
      ["DP-1", false, "DP-1"],
    ]);
    expect(found[0].available_resolutions).toEqual(["1920x1080", "1280x720", "1024x768"]);
  });

  it("without xrandr, uses systeminformation's current mode", () => {
    const found = toDisplayFindings(SI, null);
    expect(found).toEqual([
      {
        name: "HDMI-1@DELL P2422H",
        primary: true,
        resolution: "1920x1080",
        available_resolutions: ["1920x1080"],
        refresh_rate: 60,
        available_refresh_rates: { "1920x1080": [60] },
        orientation: "normal",
        graphical_output: "HDMI-1",
      },
    ]);
  });
});

const display = (over: Partial<AppliedDisplay>): AppliedDisplay => ({
  name: "HDMI-1@DELL P2422H",
  graphical_output: "HDMI-1",
  primary: false,
  disabled: false,
  resolution: "1920x1080",
  refresh_rate: 60,
  orientation: "normal",
  ...over,
});

describe("apply-display-config", () => {
  it("builds one xrandr call per display: primary first, rotation and reflection, disabled ones off last", () => {
    const calls = xrandrArgs([
      display({ name: "DP-2@Elo", graphical_output: "", disabled: true }),
      display({ name: "DP-1@LG", graphical_output: "DP-1", orientation: "270 flipped", refresh_rate: null }),
      display({ primary: true, orientation: "90" }),
      display({
        name: "HDMI-2",
        graphical_output: "HDMI-2",
        resolution: "",
        refresh_rate: null,
        orientation: "flipped",
      }),
    ]);
    expect(calls).toEqual([
      [
        "--output",
        "HDMI-1",
        "--mode",
        "1920x1080",
        "--rate",
        "60",
        "--rotate",
        "left",
        "--reflect",
        "normal",
        "--primary",
      ],
      ["--output", "DP-1", "--mode", "1920x1080", "--rotate", "right", "--reflect", "x"],
      ["--output", "HDMI-2", "--auto", "--rotate", "normal", "--reflect", "x"],
      ["--output", "DP-2", "--off"],
    ]);
  });

  it("in a dry run writes the configuration beside the agent config and says where", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "outpost-displays-")), "displays.json");
    const execute = createExecutor({ allowPower: false, displayConfigFile: file, env: {}, log: () => {} });
    const displays = [display({ primary: true, orientation: "180" })];
    const reply = await execute({ type: "command", id: "1", action: "apply-display-config", params: { displays } });
    expect(reply).toMatchObject({ ok: true, result: { dry_run: true, written_to: file } });
    expect(JSON.parse(readFileSync(file, "utf8")).displays[0]).toMatchObject({ orientation: "180", primary: true });
    const bad = await execute({
      type: "command",
      id: "2",
      action: "apply-display-config",
      params: { displays: "all" },
    });
    expect(bad).toEqual({
      ok: false,
      error: "Invalid parameters for apply-display-config: displays: Invalid input: expected array, received string.",
    });
  });
});
