import { describe, expect, it } from "vitest";
import { foldText, type GazetteerRow, searchGazetteer } from "./gazetteer";

const ROWS: GazetteerRow[] = [
  ["Zagreb", "HR", 45.8144, 15.978, 698966],
  ["Zürich", "CH", 47.3667, 8.55, 341730],
  ["Split", "HR", 43.5089, 16.4392, 176314],
  ["Karlovac", "HR", 45.4929, 15.5553, 55705],
  ["Čakovec", "HR", 46.3844, 16.4339, 27104],
  ["Spittal an der Drau", "AT", 46.8, 13.5, 15500],
  ["Nova Split", "XX", 1, 1, 12000],
];
const names: Record<string, string> = { HR: "Croatia", CH: "Switzerland", AT: "Austria", XX: "Nowhere" };
const search = (q: string) => searchGazetteer(ROWS, q, (c) => names[c] ?? c).map((p) => p.name);

describe("the offline gazetteer", () => {
  it("finds a city by the start of its name, largest first, named with its country", () => {
    expect(search("spl")).toEqual(["Split, Croatia", "Nova Split, Nowhere"]);
    expect(search("Sp")).toEqual(["Split, Croatia", "Spittal an der Drau, Austria", "Nova Split, Nowhere"]);
  });
  it("ignores accents and case", () => {
    expect(foldText("Čakovec")).toBe("cakovec");
    expect(search("cakov")).toEqual(["Čakovec, Croatia"]);
    expect(search("ZURICH")).toEqual(["Zürich, Switzerland"]);
  });
  it("narrows to a country by code or name after a comma", () => {
    expect(search("split, hr")).toEqual(["Split, Croatia"]);
    expect(search("split, cro")).toEqual(["Split, Croatia"]);
    expect(search("split, ch")).toEqual([]);
  });
  it("answers nothing to one letter, and the place's coordinates with it", () => {
    expect(search("z")).toEqual([]);
    expect(searchGazetteer(ROWS, "karl", (c) => c)[0]).toEqual({ name: "Karlovac, HR", lat: 45.4929, lng: 15.5553 });
  });
});
