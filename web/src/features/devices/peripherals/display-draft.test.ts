import type { Display } from "@contracts/devices/detail";
import { describe, expect, it } from "vitest";
import {
  addApp,
  canToggleEnabled,
  canTogglePrimary,
  displayName,
  draftOf,
  formatRate,
  isDirty,
  moveApp,
  rateFor,
  rebase,
  removeApp,
  setAppOption,
  setDisplayField,
  setEnabled,
  setPrimary,
  setResolution,
  toConfigurationInput,
} from "./display-draft";

const display = (uuid: string, over: Partial<Display> = {}): Display => ({
  uuid,
  name: `${uuid}@card0`,
  primary: false,
  disabled: false,
  resolution: "1920x1080",
  availableResolutions: ["1920x1080", "1280x720"],
  refresh_rate: 60,
  availableRefreshRates: { "1920x1080": [60, 59.94, 30], "1280x720": [59.94, 50] },
  orientation: "normal",
  graphical_output: "HDMI-1",
  applications: [],
  ...over,
});

const three = () => [display("a", { primary: true }), display("b"), display("c", { disabled: true })];
const primaryOf = (draft: ReturnType<typeof draftOf>) => draft.filter((d) => d.primary).map((d) => d.uuid);

describe("display draft (devices.md §4 Displays)", () => {
  it("orders applications by position", () => {
    const draft = draftOf([
      display("a", {
        applications: [
          { uuid: "x", name: "X", config: {}, position: 1 },
          { uuid: "y", name: "Y", config: {}, position: 0 },
        ],
      }),
    ]);
    expect(draft[0]?.applications.map((a) => a.uuid)).toEqual(["y", "x"]);
  });

  it("locks the Enabled switch of the last enabled display", () => {
    const draft = draftOf([display("a", { primary: true }), display("b", { disabled: true })]);
    expect(canToggleEnabled(draft, "a")).toBe(false);
    expect(canToggleEnabled(draft, "b")).toBe(true);
    expect(setEnabled(draft, "a", false)).toBe(draft);
    expect(canToggleEnabled(draftOf(three()), "a")).toBe(true);
  });

  it("disabling the primary moves primary to another enabled display", () => {
    const next = setEnabled(draftOf(three()), "a", false);
    expect(next.find((d) => d.uuid === "a")?.disabled).toBe(true);
    expect(primaryOf(next)).toEqual(["b"]);
  });

  it("disabling a non-primary display keeps the primary", () => {
    const next = setEnabled(draftOf(three()), "b", false);
    expect(primaryOf(next)).toEqual(["a"]);
  });

  it("enabling a display gives it primary only when no enabled display has it", () => {
    expect(primaryOf(setEnabled(draftOf(three()), "c", true))).toEqual(["a"]);
    const none = draftOf([display("a"), display("b", { disabled: true })]);
    expect(primaryOf(setEnabled(none, "b", true))).toEqual(["b"]);
  });

  it("turning primary on enables that display and clears primary elsewhere", () => {
    const next = setPrimary(draftOf(three()), "c", true);
    expect(primaryOf(next)).toEqual(["c"]);
    expect(next.find((d) => d.uuid === "c")?.disabled).toBe(false);
  });

  it("turning primary off hands it to another enabled display, never leaving none", () => {
    expect(primaryOf(setPrimary(draftOf(three()), "a", false))).toEqual(["b"]);
    const alone = draftOf([display("a", { primary: true }), display("b", { disabled: true })]);
    expect(canTogglePrimary(alone, "a")).toBe(false);
    expect(setPrimary(alone, "a", false)).toBe(alone);
    expect(canTogglePrimary(alone, "b")).toBe(true);
  });

  it("a resolution change keeps the rate if offered, else the closest, else the first", () => {
    expect(rateFor([60, 30], 60)).toBe(60);
    expect(rateFor([30, 59.94, 50], 60)).toBe(59.94);
    expect(rateFor([75, 50], null)).toBe(75);
    expect(rateFor([], 60)).toBeNull();
    const draft = draftOf([display("a", { primary: true })]);
    const next = setResolution(draft, "a", "1280x720");
    expect(next[0]).toMatchObject({ resolution: "1280x720", refresh_rate: 59.94 });
    expect(setResolution(setDisplayField(draft, "a", "refresh_rate", 59.94), "a", "1280x720")[0]?.refresh_rate).toBe(
      59.94,
    );
    expect(setResolution(draft, "a", "640x480")[0]?.refresh_rate).toBeNull();
  });

  it("adds an application once, removes it and moves it within range", () => {
    let draft = draftOf([display("a", { primary: true })]);
    draft = addApp(draft, "a", { uuid: "x", name: "X", config: {} });
    draft = addApp(draft, "a", { uuid: "y", name: "Y", config: {} });
    expect(addApp(draft, "a", { uuid: "x", name: "X", config: {} })[0]?.applications).toHaveLength(2);
    expect(moveApp(draft, "a", "y", -1)[0]?.applications.map((a) => a.uuid)).toEqual(["y", "x"]);
    expect(moveApp(draft, "a", "x", -1)[0]?.applications.map((a) => a.uuid)).toEqual(["x", "y"]);
    expect(moveApp(draft, "a", "y", 1)[0]?.applications.map((a) => a.uuid)).toEqual(["x", "y"]);
    expect(removeApp(draft, "a", "x")[0]?.applications.map((a) => a.uuid)).toEqual(["y"]);
  });

  it("stops at 20 applications on a display", () => {
    let draft = draftOf([display("a", { primary: true })]);
    for (let i = 0; i < 25; i++) draft = addApp(draft, "a", { uuid: `app-${i}`, name: "", config: {} });
    expect(draft[0]?.applications).toHaveLength(20);
  });

  it("builds the POST body listing every display, apps in order with their config", () => {
    let draft = draftOf(three());
    draft = addApp(draft, "b", { uuid: "x", name: "X", config: { city: "Zagreb" } });
    draft = setAppOption(draft, "b", "x", "units", "metric");
    const body = toConfigurationInput(draft);
    expect(body.displays_configuration.map((d) => d.uuid)).toEqual(["a", "b", "c"]);
    expect(body.displays_configuration[1]).toEqual({
      uuid: "b",
      primary: false,
      disabled: false,
      resolution: "1920x1080",
      refresh_rate: 60,
      orientation: "normal",
      applications: [{ uuid: "x", config: { city: "Zagreb", units: "metric" } }],
    });
  });

  it("is dirty only when the body differs (config key order does not count)", () => {
    const base = [
      display("a", { primary: true, applications: [{ uuid: "x", name: "X", config: { p: 1, q: 2 }, position: 0 }] }),
    ];
    const draft = draftOf(base);
    expect(isDirty(base, draft)).toBe(false);
    expect(isDirty(base, setAppOption(draft, "a", "x", "p", 1))).toBe(false);
    expect(isDirty(base, setDisplayField(draft, "a", "orientation", "90 flipped"))).toBe(true);
    const back = setDisplayField(setDisplayField(draft, "a", "orientation", "90"), "a", "orientation", "normal");
    expect(isDirty(base, back)).toBe(false);
  });

  it("rebases edits onto a newer server state", () => {
    const draft = setDisplayField(draftOf(three()), "b", "orientation", "180");
    const server = [display("b", { availableResolutions: ["3840x2160"] }), display("d", { primary: true })];
    const next = rebase(draft, server);
    expect(next.map((d) => d.uuid)).toEqual(["b", "d"]);
    expect(next[0]).toMatchObject({ orientation: "180", availableResolutions: ["3840x2160"] });
    expect(next[1]?.primary).toBe(true);
  });

  it("formats rates and names as the spec shows them", () => {
    expect(formatRate(60)).toBe("60.00 Hz");
    expect(formatRate(59.94)).toBe("59.94 Hz");
    expect(displayName("HDMI-1@card0")).toBe("HDMI-1");
  });
});
