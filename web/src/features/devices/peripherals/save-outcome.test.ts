import type { Display } from "@contracts/devices/detail";
import { ApiErrorBody, type FieldErrors } from "@contracts/http/errors";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/api";
import { draftOf } from "./display-draft";
import { detectionAlert, failureMessage, savedAlert, saveErrorsOf, serverMessage } from "./save-outcome";

// The browser session (window, localStorage) is not needed to build an ApiError.
vi.mock("@/lib/session/session", () => ({}));

/** A failed call as the client makes it: the real ApiError of a reply parsed with the error contract. */
const failed = (status: number, message: string, errors?: FieldErrors) =>
  new ApiError(status, ApiErrorBody.parse({ code: "x", message, errors }));

const display = (uuid: string): Display => ({
  uuid,
  name: uuid,
  primary: false,
  disabled: false,
  resolution: "",
  availableResolutions: [],
  refresh_rate: null,
  availableRefreshRates: {},
  orientation: "normal",
  graphical_output: "",
  applications: [],
});
const draft = draftOf([display("a"), display("b")]);

describe("save errors of the display configuration", () => {
  it("maps flat keys to the display at that index", () => {
    const error = failed(400, "There are validation errors.", {
      "displays_configuration.1.resolution": ["This resolution is not available on the display."],
      displays_configuration: ["At least one display must stay enabled."],
    });
    expect(saveErrorsOf(error, draft)).toEqual({
      byDisplay: { b: ["This resolution is not available on the display."] },
      general: ["At least one display must stay enabled."],
    });
  });

  it("maps a list aligned with the entries", () => {
    const error = failed(400, "x", { displays_configuration: [{}, { refresh_rate: ["Bad rate"] }] });
    expect(saveErrorsOf(error, draft)).toEqual({ byDisplay: { b: ["Bad rate"] }, general: [] });
  });

  it("a 400 with only a message is general; other statuses are not field errors", () => {
    expect(saveErrorsOf(failed(400, "Demo"), draft)).toEqual({ byDisplay: {}, general: ["Demo"] });
    expect(saveErrorsOf(failed(502, "Agent failed"), draft)).toBeNull();
    expect(saveErrorsOf(failed(409, "Demo mode"), draft)).toEqual({ byDisplay: {}, general: ["Demo mode"] });
    expect(saveErrorsOf(new Error("boom"), draft)).toBeNull();
  });

  it("reads the server's message but not the client's placeholders", () => {
    expect(serverMessage(failed(503, "Device is offline"))).toBe("Device is offline");
    expect(serverMessage(new ApiError(500, null))).toBeNull();
    expect(serverMessage(new Error("x"))).toBeNull();
  });
});

describe("save and detection alerts", () => {
  it("toasts the first message of a 400, else the fallback", () => {
    expect(failureMessage({ byDisplay: {}, general: ["A", "B"] }, "F")).toBe("A");
    expect(failureMessage({ byDisplay: { b: ["C"] }, general: [] }, "F")).toBe("C");
    expect(failureMessage(null, "F")).toBe("F");
  });

  it("a detection with findings is a success with the count; none is a warning", () => {
    expect(detectionAlert("displays", 2)).toEqual({ type: "success", key: "device.periph.newDisplays", count: 2 });
    expect(detectionAlert("displays", 0)).toMatchObject({ type: "warning", key: "device.periph.noNewDisplays" });
    expect(detectionAlert("peripherals", 1)).toMatchObject({ type: "success", key: "device.periph.newPeripherals" });
    expect(detectionAlert("peripherals", 0)).toMatchObject({ type: "warning", key: "device.periph.noNewPeripherals" });
  });
});

describe("savedAlert", () => {
  const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ""}`;
  it("a dry run is a warning saying so, never the success", () => {
    const dry = savedAlert({ applied: false, dry_run: true }, "Kiosk 1", t as never);
    expect(dry).toMatchObject({ type: "warning", message: 'device.periph.savedDryRun{"name":"Kiosk 1"}' });
    expect(savedAlert({ applied: true }, "Kiosk 1", t as never)).toMatchObject({ type: "success" });
    expect(savedAlert({ applied: false }, "Kiosk 1", t as never)).toMatchObject({
      type: "warning",
      message: "device.periph.savedOffline",
    });
  });
});
