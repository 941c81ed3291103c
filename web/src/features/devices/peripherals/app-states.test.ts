import { describe, expect, it } from "vitest";
import { displayApplications, sinceText, stateTone } from "./app-states";

const display = (name: string, display_uuid?: string) => ({
  display: name,
  ...(display_uuid ? { display_uuid } : {}),
  state: "running" as const,
  status: 0,
  applications: [],
});

describe("display application states", () => {
  it("finds a display's report by uuid, else by name", () => {
    const device = {
      latest_telemetry: { applications: { allowed: true, displays: [display("HDMI-1@A", "d1"), display("DP-1@B")] } },
    };
    expect(displayApplications(device, { uuid: "d1", name: "other" })?.display).toBe("HDMI-1@A");
    expect(displayApplications(device, { uuid: "d2", name: "DP-1@B" })?.display).toBe("DP-1@B");
    expect(displayApplications(device, { uuid: "d3", name: "HDMI-3" })).toBeNull();
    expect(displayApplications({ latest_telemetry: null }, { uuid: "d1", name: "x" })).toBeNull();
  });

  it("tones: a crash loop is critical, a crash a warning, running fine", () => {
    expect(stateTone("crashed", 3)).toBe("critical");
    expect(stateTone("starting", 3)).toBe("critical");
    expect(stateTone("crashed", 2)).toBe("warning");
    expect(stateTone("running", 0)).toBe("ok");
    expect(stateTone("starting", 0)).toBe("info");
    expect(stateTone("not_configured", 0)).toBe("muted");
  });

  it("says how long", () => {
    expect(sinceText(0, 45_000)).toBe("45 s");
    expect(sinceText(0, 12 * 60_000)).toBe("12 min");
    expect(sinceText(0, (3 * 60 + 5) * 60_000)).toBe("3 h 5 min");
    expect(sinceText(0, 52 * 3_600_000)).toBe("2 d 4 h");
  });
});
