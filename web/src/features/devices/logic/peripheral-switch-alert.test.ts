import { describe, expect, it } from "vitest";
import { type TFunction, translate } from "@/lib/i18n";
import { peripheralSwitchAlert } from "./peripheral-switch-alert";

const t: TFunction = (key, vars) => translate("en", key, vars);

describe("peripheral switch answers", () => {
  it("says 'Action successful.' only when the hardware itself was switched", () => {
    expect(peripheralSwitchAlert({ monitoring_only: false }, false, "JCM iVIZION", t)).toEqual({
      type: "success",
      message: "Action successful.",
    });
  });

  it("says 'monitoring only' with the agent's reason when it could not switch it", () => {
    const off = peripheralSwitchAlert({ monitoring_only: true, reason: "No permission." }, false, "JCM iVIZION", t);
    expect(off.type).toBe("warning");
    expect(off.message).toBe(
      "Monitoring only: JCM iVIZION was not switched off on the device, only its monitoring stopped. No permission.",
    );
    expect(peripheralSwitchAlert({ monitoring_only: true }, true, "X", t).message).toContain("Monitoring only");
  });
});
