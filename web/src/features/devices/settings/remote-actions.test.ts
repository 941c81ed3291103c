import { TIMEOUT_MESSAGE as TIMEOUT_TEXT } from "@contracts/remote-actions/values";
import { describe, expect, it } from "vitest";
import { classifyFailure, desktopUrl, rsshAddress } from "./remote-actions";

describe("remote action failures (devices.md §8)", () => {
  // The shape of lib/api's ApiError (importing it would load the session module).
  const apiError = (status: number, code: string, message: string) =>
    Object.assign(new Error(message), { status, body: { code, message } });

  it("our 30 s abort may have run: outcome unknown, never a failure; the API's device_timeout is the timeout warning", () => {
    expect(classifyFailure(new DOMException("aborted", "AbortError"))).toEqual({
      kind: "outcomeUnknown",
      commandId: null,
    });
    expect(classifyFailure(new DOMException("signal timed out", "TimeoutError"))).toMatchObject({
      kind: "outcomeUnknown",
    });
    expect(classifyFailure(apiError(503, "device_timeout", TIMEOUT_TEXT))).toEqual({ kind: "timeout" });
  });

  it("decides by the code, not the text", () => {
    expect(classifyFailure(apiError(503, "device_timeout", "another wording"))).toEqual({ kind: "timeout" });
    expect(classifyFailure(apiError(503, "device_offline", TIMEOUT_TEXT))).toEqual({
      kind: "unavailable",
      message: TIMEOUT_TEXT,
    });
  });

  it("an offline device is an error with the server's message", () => {
    expect(classifyFailure(apiError(503, "device_offline", "physical device temporarily unavailable"))).toEqual({
      kind: "unavailable",
      message: "physical device temporarily unavailable",
    });
  });

  it("outcome_unknown is its own kind with the command's id, whatever its status or text", () => {
    const unknown = Object.assign(new Error("x"), {
      status: 504,
      body: { code: "outcome_unknown", message: "The device received the command…", command_id: "r1234567" },
    });
    expect(classifyFailure(unknown)).toEqual({ kind: "outcomeUnknown", commandId: "r1234567" });
    // Not the timeout warning, nor "unavailable" (it may have run), even on a 503.
    expect(classifyFailure(apiError(503, "outcome_unknown", TIMEOUT_TEXT))).toEqual({
      kind: "outcomeUnknown",
      commandId: null,
    });
    // A 504 without the code is no claim that the device took the command.
    expect(classifyFailure(apiError(504, "internal", "Gateway timeout"))).toEqual({
      kind: "failed",
      reason: "Gateway timeout",
    });
  });

  it("a disabled device is its own failure", () => {
    expect(classifyFailure(apiError(409, "device_disabled", "Device is disabled"))).toEqual({ kind: "disabled" });
  });

  it("anything else is a plain failure, with the server's reason", () => {
    expect(classifyFailure(apiError(502, "device_failed", "No remote desktop configured (--vnc-url)."))).toEqual({
      kind: "failed",
      reason: "No remote desktop configured (--vnc-url).",
    });
    expect(classifyFailure(new Error("boom"))).toEqual({ kind: "failed" });
  });

  it("reads the RSSH address and the remote desktop URL", () => {
    expect(rsshAddress({ host: "relay.example", port: 2222 })).toBe("relay.example:2222");
    expect(rsshAddress({ port: 2222 })).toBe("2222");
    expect(desktopUrl({ url: "https://vnc.example/x" })).toBe("https://vnc.example/x");
    expect(desktopUrl({ host: "10.0.0.2" })).toBe("vnc://10.0.0.2:5900");
    expect(desktopUrl({})).toBeNull();
  });
});
