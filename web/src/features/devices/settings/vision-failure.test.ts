import { describe, expect, it, vi } from "vitest";
import { type TFunction, translate } from "@/lib/i18n";
import { visionFailure } from "./vision-failure";

const t: TFunction = (key, vars) => translate("en", key, vars);
const apiError = (status: number, code: string, message: string) => ({ status, body: { code, message } });

describe("a failed Enable Vision call", () => {
  it("outcome unknown may have run: no revert, a way to the Commands tab", () => {
    const view = vi.fn();
    const result = visionFailure(apiError(504, "outcome_unknown", "…"), t, view);
    expect(result.revert).toBe(false);
    expect(result.alert).toMatchObject({ type: "warning", button: { type: "run" } });
  });

  it("a refusal reverts, with the spec's text and the device's reason", () => {
    const result = visionFailure(apiError(502, "device_failed", "Vision is not installed on this device."), t);
    expect(result).toEqual({
      revert: true,
      alert: { type: "error", message: "Failed to toggle vision status. Vision is not installed on this device." },
    });
  });
});
