import { describe, expect, it } from "vitest";
import { wordInitials } from "./initials";

describe("wordInitials", () => {
  it.each([
    ["Zagreb HQ", "ZH"],
    ["Mostar Old Town Kiosk", "MOT"],
    ["split riva shop", "SRS"],
    ["  Osijek   Plant ", "OP"],
    ["Čakovec (north) gate", "ČNG"],
    ["24/7 Store", "27S"],
    ["", ""],
  ])("%j → %j", (name, initials) => {
    expect(wordInitials(name)).toBe(initials);
  });
});
