import { describe, expect, it } from "vitest";
import { defaultInviteRole } from "./default-role";
import { pageWindow } from "./page-window";
import { addEmails, looksLikeEmail, splitEmails } from "./parse-emails";

describe("splitEmails (console.md §5)", () => {
  it("splits a pasted list on commas and whitespace, trims and drops empties", () => {
    expect(splitEmails("a@x.com, b@y.com c@z.com")).toEqual(["a@x.com", "b@y.com", "c@z.com"]);
    expect(splitEmails(" ,, a@x.com\n\tb@y.com,,  ")).toEqual(["a@x.com", "b@y.com"]);
    expect(splitEmails("   ")).toEqual([]);
  });

  it("adds chips once each, case-insensitively, keeping the order", () => {
    expect(addEmails(["a@x.com"], ["B@y.com", "A@X.com", "b@y.com", "c@z.com"])).toEqual([
      "a@x.com",
      "B@y.com",
      "c@z.com",
    ]);
  });

  it("tells what looks like an e-mail", () => {
    expect(looksLikeEmail("ana@example.com")).toBe(true);
    expect(looksLikeEmail("ana@example")).toBe(false);
    expect(looksLikeEmail("not an email")).toBe(false);
  });
});

describe("pageWindow (10 page buttons)", () => {
  it.each([
    [1, 0, []],
    [1, 3, [1, 2, 3]],
    [1, 25, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [12, 25, [7, 8, 9, 10, 11, 12, 13, 14, 15, 16]],
    [25, 25, [16, 17, 18, 19, 20, 21, 22, 23, 24, 25]],
  ])("page %i of %i → %j", (page, pages, buttons) => {
    expect(pageWindow(page, pages)).toEqual(buttons);
  });
});

describe("defaultInviteRole", () => {
  const admin = { uuid: "a", name: "Admin" };
  const manager = { uuid: "m", name: "Content Manager" };
  const viewer = { uuid: "v", name: "Viewer" };
  it("starts an invitation as the least privileged role: Viewer, else the last", () => {
    expect(defaultInviteRole([admin, manager, viewer])).toBe("v");
    expect(defaultInviteRole([viewer, admin])).toBe("v");
    expect(defaultInviteRole([admin, manager])).toBe("m");
    expect(defaultInviteRole([])).toBe("");
  });
});
