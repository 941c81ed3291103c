import { NO_AVAILABLE_DEVICES } from "@contracts/detection/schema";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/api";
import { startFailure } from "./start-failure";

// The browser session (window, localStorage) is not needed to build an ApiError.
vi.mock("@/lib/session/session", () => ({}));

const apiError = (status: number, message?: string) => new ApiError(status, message ? { code: "x", message } : null);

describe("what a failed detection start shows", () => {
  it("the 503 'no available devices' flags no devices detected", () => {
    expect(startFailure(apiError(503, NO_AVAILABLE_DEVICES))).toEqual({ kind: "noDevices" });
  });
  it("another 503 shows the server's message", () => {
    expect(startFailure(apiError(503, "physical device temporarily unavailable"))).toEqual({
      kind: "server",
      message: "physical device temporarily unavailable",
    });
  });
  it("anything else is unexpected", () => {
    expect(startFailure(apiError(500, "boom"))).toEqual({ kind: "unexpected" });
    expect(startFailure(apiError(503))).toEqual({ kind: "unexpected" });
    expect(startFailure(new Error("offline"))).toEqual({ kind: "unexpected" });
  });
});
