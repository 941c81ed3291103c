import { describe, expect, it } from "vitest";
import { type DisplayHealthState, foldDisplayHealth, type PanelState } from "../../contracts/display-health/schema.ts";
import { renderSimScreen, type SimScreenKind } from "../sim/screen.ts";
import type { AppFront } from "./classify.ts";
import { DisplayHealthMonitor } from "./monitor.ts";
import { displayHistory, simDisplaySources } from "./sim.ts";

const INTERVAL = 300_000;
const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);

/** A fault injected on a display from the second capture on, and the state it must be classified as. */
type Fault = { screen: SimScreenKind; panel?: PanelState; app?: AppFront; night?: boolean; expect: DisplayHealthState };
const FAULTS: Fault[] = [
  { screen: "playing", expect: "showing" },
  { screen: "black", expect: "black" },
  { screen: "frozen", expect: "frozen" },
  { screen: "error", expect: "wrong_content" },
  { screen: "desktop", app: "crashed", expect: "wrong_content" },
  { screen: "panel_off", panel: "off", expect: "panel_off_unexpected" },
  { screen: "no_signal", panel: "no_signal", expect: "unplugged" },
  { screen: "panel_off", panel: "off", night: true, expect: "panel_off_scheduled" },
];

describe("display health monitor on simulated screens", () => {
  it("classifies each injected fault within two capture intervals (20 displays)", async () => {
    const displays = Array.from({ length: 20 }, (_, i) => `HDMI-${i + 1}`);
    const faultOf = (display: string) => FAULTS[displays.indexOf(display) % FAULTS.length] as Fault;
    let faulty = false;
    const monitor = new DisplayHealthMonitor({
      displays: () => displays,
      grab: (display, at) => {
        const f = faultOf(display);
        const kind = faulty ? f.screen : "playing";
        // Small frames keep the test quick; the measures do not depend on the size.
        return renderSimScreen({ kind, title: display, at: kind === "frozen" ? T0 : at, width: 480, height: 270 });
      },
      panel: (display) => (faulty ? (faultOf(display).panel ?? "unknown") : "unknown"),
      app: (display) => (faulty ? (faultOf(display).app ?? "running") : "running"),
      isStatic: () => false,
      scheduledOff: () => false,
    });
    const first = await monitor.tick(T0);
    expect(first.captures.every((c) => c.state === "showing")).toBe(true);
    faulty = true;
    const seen = new Map<string, DisplayHealthState[]>();
    for (const k of [1, 2]) {
      const { captures } = await monitor.tick(T0 + k * INTERVAL);
      for (const c of captures) {
        seen.set(c.display, [...(seen.get(c.display) ?? []), c.state]);
        if (c.jpeg) expect(Buffer.from(c.jpeg, "base64").length).toBeLessThanOrEqual(50 * 1024);
      }
    }
    for (const display of displays) {
      const f = faultOf(display);
      // Night-time panel off: the monitor's schedule says working time, so the scheduled case is checked below.
      if (f.night) continue;
      expect(seen.get(display)?.at(-1), `${display} ${f.screen}`).toBe(f.expect);
    }
    const kinds = new Set(FAULTS.filter((f) => f.expect !== "showing").map((f) => f.expect));
    expect(kinds.size).toBeGreaterThanOrEqual(5);

    const telemetry = foldDisplayHealth({}, monitor.report());
    const screens = telemetry.peripherals?.devicesInfo ?? [];
    expect(screens.find((s) => s.name === "HDMI-2")?.combined_status).toBe(3);
    expect(screens.find((s) => s.name === "HDMI-4")?.combined_status).toBe(2);
    expect(screens.find((s) => s.name === "HDMI-1")).toBeUndefined();
  }, 60_000);

  it("a panel switched off outside working time is scheduled, not a problem", async () => {
    const monitor = new DisplayHealthMonitor({
      displays: () => ["HDMI-1"],
      grab: () => null,
      panel: () => "off",
      app: () => "running",
      isStatic: () => false,
      scheduledOff: () => true,
    });
    const { captures } = await monitor.tick(T0);
    expect(captures[0]?.state).toBe("panel_off_scheduled");
    expect(foldDisplayHealth({}, monitor.report()).peripherals?.devicesInfo).toEqual([]);
  });
});

describe("the demo's day of captures", () => {
  it("is a day of captures on a 20-minute grid before now, in order, each marked backfill", async () => {
    const now = T0 + 7 * 60_000;
    const history = await displayHistory(
      simDisplaySources({
        seed: "demo-history",
        title: "Menu",
        displays: () => ["HDMI-1"],
        applications: () => ({ displays: [] }) as never,
        always: "frozen",
      }),
      now,
    );
    expect(history).toHaveLength(71);
    expect(history.every((c) => c.backfill && c.at % 1_200_000 === 0 && c.at < now && c.at > now - 86_400_000)).toBe(
      true,
    );
    expect(history.at(-1)?.state).toBe("frozen");
  }, 60_000);
});
