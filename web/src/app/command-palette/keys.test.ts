import { describe, expect, it } from "vitest";
import { isFlyoutPath, matchesQuery, namedBy, openDeviceOf, pathOfItem } from "./items";
import { type ShortcutEvent, shortcutHint, shortcutOf } from "./keys";

/** An element as the key handler sees it: its tag, and which of the given selectors it is inside. */
const element = (tagName: string, inside: string[] = [], isContentEditable = false) => ({
  tagName,
  isContentEditable,
  closest: (selector: string) => (selector.split(",").some((part) => inside.includes(part.trim())) ? {} : null),
});
const key = (over: Partial<ShortcutEvent>): ShortcutEvent => ({
  key: "k",
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  target: element("BODY"),
  ...over,
});

describe("palette shortcuts", () => {
  it("Ctrl-K and ⌘-K open the palette, also from a text field", () => {
    expect(shortcutOf(key({ ctrlKey: true }))).toBe("palette");
    expect(shortcutOf(key({ metaKey: true }))).toBe("palette");
    expect(shortcutOf(key({ key: "K", ctrlKey: true }))).toBe("palette");
    expect(shortcutOf(key({ ctrlKey: true, target: element("INPUT") }))).toBe("palette");
    // Another layout: the key's text differs, its position is still K.
    expect(shortcutOf(key({ key: "л", code: "KeyK", ctrlKey: true }))).toBe("palette");
  });

  it("leaves Ctrl-K to CodeMirror and xterm, and other chords alone", () => {
    expect(shortcutOf(key({ ctrlKey: true, target: element("DIV", [".cm-editor"]) }))).toBeNull();
    expect(shortcutOf(key({ ctrlKey: true, target: element("TEXTAREA", [".xterm"]) }))).toBeNull();
    expect(shortcutOf(key({}))).toBeNull();
    expect(shortcutOf(key({ ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(shortcutOf(key({ ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutOf(key({ key: "j", ctrlKey: true }))).toBeNull();
    expect(shortcutOf(key({ ctrlKey: true, isComposing: true }))).toBeNull();
  });

  it("`/` focuses the list search unless typing goes somewhere", () => {
    expect(shortcutOf(key({ key: "/" }))).toBe("listSearch");
    expect(shortcutOf(key({ key: "/", target: element("BUTTON") }))).toBe("listSearch");
    expect(shortcutOf(key({ key: "/", target: null }))).toBe("listSearch");
    for (const tag of ["INPUT", "TEXTAREA", "SELECT", "input"])
      expect(shortcutOf(key({ key: "/", target: element(tag) }))).toBeNull();
    expect(shortcutOf(key({ key: "/", target: element("DIV", [], true) }))).toBeNull();
    expect(shortcutOf(key({ key: "/", target: element("DIV", ["[role='textbox']"]) }))).toBeNull();
    expect(shortcutOf(key({ key: "/", target: element("DIV", [".cm-editor"]) }))).toBeNull();
    expect(shortcutOf(key({ key: "/", target: element("TEXTAREA", [".xterm"]) }))).toBeNull();
    expect(shortcutOf(key({ key: "/", ctrlKey: true }))).toBeNull();
    expect(shortcutOf(key({ key: "/", defaultPrevented: true }))).toBeNull();
  });

  it("names the key as the platform does", () => {
    expect(shortcutHint("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)")).toBe("⌘ K");
    expect(shortcutHint("Mozilla/5.0 (X11; Linux x86_64)")).toBe("Ctrl K");
  });
});

describe("palette targets", () => {
  it("finds the device of an open device flyout", () => {
    expect(openDeviceOf("/devices/device/view/sp-1/dev-1/settings")).toEqual({
      section: "devices",
      space: "sp-1",
      uuid: "dev-1",
    });
    expect(openDeviceOf("/locations/device/view/sp-1/dev-2/general")?.section).toBe("locations");
    expect(openDeviceOf("/devices/device/edit/sp-1/dev-3/general")?.uuid).toBe("dev-3");
    expect(openDeviceOf("/devices")).toBeNull();
    expect(openDeviceOf("/devices/addDeviceRunner")).toBeNull();
    expect(openDeviceOf("/devices/camera/view/sp-1/cam-1/general")).toBeNull();
    expect(openDeviceOf("/groups/group/view/sp-1/g-1/location")).toBeNull();
  });

  it("finds the device of an open health report (its actions' Commands tab is under Devices)", () => {
    expect(openDeviceOf("/performance/device/view/sp-1/dev-4/general")).toEqual({
      section: "devices",
      space: "sp-1",
      uuid: "dev-4",
    });
    expect(openDeviceOf("/performance")).toBeNull();
  });

  it("tells a page named by the query (it leads) from one that merely contains it", () => {
    expect(namedBy("Wall", "wall")).toBe(true);
    expect(namedBy("Wall", "wa")).toBe(true);
    expect(namedBy("Performance", "perf")).toBe(true);
    expect(namedBy("Working time", "time work")).toBe(true);
    expect(namedBy("Wall", "all")).toBe(false);
    expect(namedBy("Wall", "")).toBe(false);
    expect(namedBy("Devices", "zd promo wall")).toBe(false);
  });

  it("matches every word of the query in any order, ignoring case", () => {
    expect(matchesQuery("", "anything")).toBe(true);
    expect(matchesQuery("  ", "anything")).toBe(true);
    expect(matchesQuery("loc dev", "Devices", "Location")).toBe(true);
    expect(matchesQuery("DEV", "devices")).toBe(true);
    expect(matchesQuery("dev x", "devices")).toBe(false);
    expect(matchesQuery("munich", "Device", undefined)).toBe(false);
  });

  it("goes where each kind opens", () => {
    expect(pathOfItem({ kind: "device", id: "d1" }, "sp")).toBe("/devices/device/view/sp/d1/general");
    expect(pathOfItem({ kind: "location", id: "l1" }, "sp")).toBe("/locations/location/view/l1/general");
    expect(pathOfItem({ kind: "group", id: "g1" }, "sp")).toBe("/groups/group/view/sp/g1/location");
    expect(pathOfItem({ kind: "account", id: "a1" }, "sp")).toBe("/accounts");
    expect(pathOfItem({ kind: "page", id: "/performance" }, "sp")).toBe("/performance");
  });

  it("tells list pages from flyouts", () => {
    expect(isFlyoutPath("/devices")).toBe(false);
    expect(isFlyoutPath("/locations/global/working_time")).toBe(false);
    expect(isFlyoutPath("/devices/device/view/sp/d1/general")).toBe(true);
    expect(isFlyoutPath("/accounts/inviteUser")).toBe(true);
  });
});
