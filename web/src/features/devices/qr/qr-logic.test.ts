import { describe, expect, it } from "vitest";
import { cameraProblem, offersQrScan, parseQrPayload } from "./qr-logic";

const ID = "3f0c2a4e-8b1d-4c6a-9e2f-1a2b3c4d5e6f";

describe("parseQrPayload", () => {
  it("reads a bare uuid, JSON and URLs", () => {
    expect(parseQrPayload(` ${ID.toUpperCase()} `)).toBe(ID);
    expect(parseQrPayload(JSON.stringify({ unclaimed_device_uuid: ID }))).toBe(ID);
    expect(parseQrPayload(`https://console.example.com/claim?unclaimed_device_uuid=${ID}`)).toBe(ID);
    expect(parseQrPayload(`outpost://claim/${ID}`)).toBe(ID);
  });

  it("refuses what is not an unclaimed device", () => {
    expect(parseQrPayload("hello")).toBeNull();
    expect(parseQrPayload("{not json")).toBeNull();
    expect(parseQrPayload(JSON.stringify({ unclaimed_device_uuid: "x" }))).toBeNull();
    expect(parseQrPayload("https://example.com/page")).toBeNull();
    expect(parseQrPayload(`${ID}-extra`)).toBeNull();
  });
});

describe("cameraProblem", () => {
  const ok = { secure: true, getUserMedia: true };
  const named = (name: string) => Object.assign(new Error(name), { name });
  it("maps each of the six problems to its own text", () => {
    expect(cameraProblem({ secure: false, getUserMedia: true })).toBe("device.qr.error.insecure");
    expect(cameraProblem({ secure: true, getUserMedia: false })).toBe("device.qr.error.unsupported");
    expect(cameraProblem(ok, named("NotAllowedError"))).toBe("device.qr.error.denied");
    expect(cameraProblem(ok, named("NotFoundError"))).toBe("device.qr.error.noCamera");
    expect(cameraProblem(ok, named("NotReadableError"))).toBe("device.qr.error.inUse");
    expect(cameraProblem(ok, named("OverconstrainedError"))).toBe("device.qr.error.unsuitable");
  });
});

describe("offersQrScan", () => {
  it("is offered on touch screens and narrow viewports only", () => {
    expect(offersQrScan(true, 1440)).toBe(true);
    expect(offersQrScan(false, 390)).toBe(true);
    expect(offersQrScan(false, 1440)).toBe(false);
  });
});
