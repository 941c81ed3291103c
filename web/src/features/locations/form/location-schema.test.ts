import { describe, expect, it } from "vitest";
import { translate } from "@/lib/i18n";
import { emptyLocationValues } from "./form-values";
import { customFieldRules, EDIT_REQUIRED } from "./location-rules";
import { type LocationFormValues, locationFormSchema, type SchemaContext } from "./location-schema";

const t: SchemaContext["t"] = (key, vars) => translate("en", key, vars);
const noCustom = {
  ...Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [
      [`location_custom_${n}_alias`, ""],
      [`location_custom_${n}_enabled`, false],
      [`location_custom_${n}_required`, false],
      [`location_custom_${n}_unique`, false],
    ]),
  ),
} as Parameters<typeof customFieldRules>[0];
const space = (overrides: Record<string, string | boolean>) =>
  ({ ...noCustom, ...overrides }) as Parameters<typeof customFieldRules>[0];

function errorsOf(values: Partial<LocationFormValues>, context: Omit<SchemaContext, "t">) {
  const result = locationFormSchema({ ...context, t }).safeParse({ ...emptyLocationValues(""), ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

const complete: Partial<LocationFormValues> = {
  name: "Depot",
  location_type_uuid: "type-shop",
  country_code: "HR",
  city: "Split",
  address: "Riva 1",
  zip_code: "21000",
  timezone: "Europe/Zagreb",
};

describe("add form", () => {
  it("requires name, type, country, city, address and zip code", () => {
    expect(errorsOf({}, { mode: "add", customFields: [] })).toEqual({
      name: "Required",
      location_type_uuid: "Required",
      country_code: "Required",
      city: "Required",
      address: "Required",
      zip_code: "Required",
    });
  });

  it("requires a timezone once a type is set, and not before", () => {
    expect(errorsOf({ ...complete, timezone: "" }, { mode: "add", customFields: [] })).toEqual({
      timezone: "Required",
    });
    expect(errorsOf({ timezone: "" }, { mode: "add", customFields: [] }).timezone).toBeUndefined();
  });

  it("limits texts to 256 and the description to 1000 characters", () => {
    const errors = errorsOf(
      { ...complete, name: "n".repeat(257), description: "d".repeat(1001) },
      { mode: "add", customFields: [] },
    );
    expect(errors.name).toBe("Ensure this field has no more than 256 characters.");
    expect(errors.description).toBe("Ensure this field has no more than 1000 characters.");
    expect(
      errorsOf(
        { ...complete, name: "n".repeat(256), description: "d".repeat(1000) },
        { mode: "add", customFields: [] },
      ),
    ).toEqual({});
  });

  it("checks coordinates only when filled", () => {
    expect(errorsOf({ ...complete, latitude: "91", longitude: "x" }, { mode: "add", customFields: [] })).toEqual({
      latitude: "Enter a number between -90 and 90.",
      longitude: "Enter a number between -180 and 180.",
    });
    expect(errorsOf({ ...complete, latitude: "43.34", longitude: "-17.8" }, { mode: "add", customFields: [] })).toEqual(
      {},
    );
  });
});

describe("edit form", () => {
  it("always requires name and display id", () => {
    expect(errorsOf({ name: "", display_id: "" }, { mode: "edit", customFields: [] })).toEqual({
      name: "Required",
      display_id: "Required",
    });
  });

  it("needs only name and display id on edit, whatever the type: place fields are checked only when filled", () => {
    expect(EDIT_REQUIRED).toEqual(["name", "display_id"]);
    const errors = errorsOf(
      { name: "A", display_id: "A-1", country_code: "", city: "", address: "", zip_code: "" },
      { mode: "edit", customFields: [] },
    );
    expect(errors).toEqual({});
  });

  it("does not apply the add form's list (type and timezone) on edit", () => {
    const errors = errorsOf({ name: "A", display_id: "A-1", timezone: "" }, { mode: "edit", customFields: [] });
    expect(errors).toEqual({});
  });
});

describe("custom fields", () => {
  const rules = customFieldRules(
    space({
      location_custom_1_alias: "Store manager (req)",
      location_custom_1_enabled: true,
      location_custom_2_alias: "Cost centre (REQ unq)",
      location_custom_2_enabled: true,
      location_custom_3_alias: "Notes",
      location_custom_3_enabled: true,
      location_custom_4_alias: "Ignored (req)",
      location_custom_4_enabled: false,
      location_custom_5_alias: "Badge",
      location_custom_5_enabled: true,
      location_custom_5_required: true,
    }),
  );

  it("derives the rules from the enabled fields' flags and alias markers", () => {
    expect(rules.map((r) => [r.key, r.required, r.unique])).toEqual([
      ["location_custom_1", true, false],
      ["location_custom_2", true, true],
      ["location_custom_3", false, false],
      ["location_custom_5", true, false],
    ]);
  });

  it("uses the add form's messages", () => {
    expect(errorsOf(complete, { mode: "add", customFields: rules })).toEqual({
      location_custom_1: "Store manager (req) is required.",
      location_custom_2: "Cost centre (REQ unq) is required and must be unique.",
      location_custom_5: "Badge is required.",
    });
  });

  it("uses the edit form's messages", () => {
    expect(errorsOf({ name: "A", display_id: "A-1" }, { mode: "edit", customFields: rules })).toEqual({
      location_custom_1: "Store manager (req) cannot be blank",
      location_custom_2: "Cost centre (REQ unq) is required and must be unique",
      location_custom_5: "Badge cannot be blank",
    });
  });

  it("is satisfied once the fields are filled", () => {
    const filled = { location_custom_1: "Ana", location_custom_2: "CC-1", location_custom_5: "B" };
    expect(errorsOf({ ...complete, ...filled }, { mode: "add", customFields: rules })).toEqual({});
  });
});
