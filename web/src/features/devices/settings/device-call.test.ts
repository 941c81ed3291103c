import { afterEach, describe, expect, it, vi } from "vitest";

// A signed-in session without the browser's storage (the suite runs in Node).
vi.mock("@/lib/session/session", () => ({
  getSession: () => ({ access_token: "token" }),
  refreshSession: () => Promise.reject(new Error("no refresh in this test")),
  endSession: () => undefined,
}));

const { COMMAND_OF_CONTROL } = await import("./remote-actions");
const { REMOTE_CALLS } = await import("./device-call");

/** Every request the calls make: method, path and JSON body. */
const sent: { method: string; path: string; body: unknown }[] = [];
vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), "http://console.test");
  sent.push({
    method: init?.method ?? "GET",
    path: url.pathname,
    body: init?.body ? JSON.parse(String(init.body)) : null,
  });
  return new Response(null, { status: 204 });
});
afterEach(() => {
  sent.length = 0;
});

describe("remote action calls (devices.md §7)", () => {
  const target = { space: "s1", uuid: "d1" };

  it("each control runs its command through its route, with the request id", async () => {
    const calls = Object.entries(COMMAND_OF_CONTROL).map(([control, command]) => ({ control, command }));
    for (const { command } of calls) await REMOTE_CALLS[command](target, "r1234567");
    expect(sent).toEqual([
      {
        method: "POST",
        path: "/api/space/s1/device/d1/remote-sharing/",
        body: { action: "reverse-ssh", request_id: "r1234567" },
      },
      {
        method: "POST",
        path: "/api/space/s1/device/d1/headless-remote-sharing/",
        body: { action: "remote-desktop", request_id: "r1234567" },
      },
      {
        method: "POST",
        path: "/api/space/s1/device/d1/remote-sharing/",
        body: { action: "remote-desktop", request_id: "r1234567" },
      },
      {
        method: "POST",
        path: "/api/space/s1/device/d1/screen-capture/",
        body: { action: "screenshot", request_id: "r1234567" },
      },
      {
        method: "POST",
        path: "/api/device/d1/power-control/",
        body: { action: "instant-reboot", request_id: "r1234567" },
      },
      {
        method: "POST",
        path: "/api/device/d1/power-control/",
        body: { action: "instant-power-off", request_id: "r1234567" },
      },
    ]);
  });
});
