import { describe, expect, it } from "vitest";
import { translate } from "../i18n";
import { toFormFailure } from "./form-failure";

const t = (key: Parameters<typeof translate>[1]) => translate("en", key);
const fields = ["name", "display_id", "city"];
/** Stands in for lib/api's ApiError (which loads the session code, needing a browser). */
const bad = (status: number, message: string, fieldErrors: Record<string, string[]> = {}) =>
  Object.assign(new Error(message), { name: "ApiError", status, fieldErrors });

describe("toFormFailure", () => {
  it("puts a 400's field errors under the fields", () => {
    const failure = toFormFailure(
      bad(400, "There are validation errors.", { name: ["Required"], city: ["Too long.", "Bad."] }),
      fields,
      t,
    );
    expect(failure).toEqual({ fields: { name: "Required", city: "Too long. Bad." }, general: null });
  });

  it("keeps errors of fields the form does not show as a general message", () => {
    const failure = toFormFailure(
      bad(400, "There are validation errors.", { tag_uuids: ["Tags not found: x."] }),
      fields,
      t,
    );
    expect(failure).toEqual({ fields: {}, general: "tag_uuids: Tags not found: x." });
  });

  it("shows a 400 with only a message as a general error", () => {
    expect(toFormFailure(bad(400, "Nothing to change."), fields, t)).toEqual({
      fields: {},
      general: "Nothing to change.",
    });
  });

  it("stores a 409 message as the display id error", () => {
    const failure = toFormFailure(bad(409, "Location with this display id already exists."), fields, t);
    expect(failure).toEqual({ fields: { display_id: "Location with this display id already exists." }, general: null });
  });

  it("says an unexpected error occurred for anything else", () => {
    expect(toFormFailure(bad(500, "boom"), fields, t).general).toBe("An unexpected error occurred");
    expect(toFormFailure(new TypeError("x"), fields, t).general).toBe("An unexpected error occurred");
  });
});
