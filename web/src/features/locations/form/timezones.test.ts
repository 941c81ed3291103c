import { describe, expect, it } from "vitest";
import { timezoneOptions } from "./timezones";

describe("timezoneOptions", () => {
  it("lists the space timezone first, labelled as the global timezone, and only once", () => {
    const options = timezoneOptions("Europe/Zagreb", ["Africa/Abidjan", "Europe/Zagreb", "UTC"], "Global timezone");
    expect(options).toEqual([
      { value: "Europe/Zagreb", label: "Europe/Zagreb", hint: "Global timezone" },
      { value: "Africa/Abidjan", label: "Africa/Abidjan" },
      { value: "UTC", label: "UTC" },
    ]);
  });

  it("keeps the browser's list when the space has no timezone", () => {
    expect(timezoneOptions("", ["UTC"], "Global timezone")).toEqual([{ value: "UTC", label: "UTC" }]);
  });
});
