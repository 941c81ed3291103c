import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DisplayHealth } from "../../contracts/display-health/schema.ts";
import { spaceTable } from "../../drizzle/schema/index.ts";
import { forgetAllCallers } from "../../worker/services/access/caller-cache.ts";
import { api, db, makeDevice, makeDeviceCredential, makeSpace, memberOf } from "../factories.ts";
import { join } from "../ws.ts";

const metrics = { luminance: 120, spread: 40, dhash: "0123456789abcdef", distance: 0, change: 0, error_like: false };
const jpeg = btoa(String.fromCharCode(0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9));

describe("display captures", () => {
  it("are filed in R2 and the room, listed with the current state; Viewers only when the space allows", async () => {
    const space = await makeSpace();
    const admin = await memberOf("admin", space);
    const viewer = await memberOf("viewer", space);
    const device = await makeDevice(space.space_uuid, { name: "Menu board", connected_status: "connected" });
    const agent = await join(`/parties/device/${device.uuid}`, await makeDeviceCredential(device));
    const frozen: DisplayHealth = { display: "HDMI-1", state: "frozen", panel: "unknown", since: 1, metrics };
    agent.ws?.send(JSON.stringify({ type: "telemetry", telemetry: { display_health: [frozen] } }));
    for (const state of ["showing", "frozen"]) {
      agent.ws?.send(
        JSON.stringify({ type: "displayCapture", display: "HDMI-1", at: 1, state, panel: "unknown", metrics, jpeg }),
      );
    }
    agent.ws?.send(
      JSON.stringify({
        type: "displayCapture",
        display: "HDMI-2",
        at: 1,
        state: "unplugged",
        panel: "no_signal",
        metrics: null,
        jpeg: null,
      }),
    );
    const base = `/api/space/${space.space_uuid}/device/${device.uuid}/display-captures`;
    const list = async (token: string, query = "") => api(`${base}${query}`, { token });
    let body: {
      current: { state: string; label: string }[];
      captures: { display: string; state: string; url: string | null }[];
    } = { current: [], captures: [] };
    for (let i = 0; i < 60 && (body.captures.length < 3 || body.current.length === 0); i++) {
      body = await (await list(admin.token)).json();
      if (body.captures.length < 3) await new Promise((r) => setTimeout(r, 50));
    }
    expect(body.current).toMatchObject([{ display: "HDMI-1", state: "frozen", label: "Frozen" }]);
    expect(body.captures.map((c) => [c.display, c.state, c.url !== null])).toEqual([
      ["HDMI-1", "showing", true],
      ["HDMI-1", "frozen", true],
      ["HDMI-2", "unplugged", false],
    ]);
    const image = await api(body.captures[1]?.url?.replace(/^\/api/, "/api") ?? "", { token: admin.token });
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await image.arrayBuffer())[0]).toBe(0xff);

    const one = (await (await list(admin.token, "?display=HDMI-2")).json()) as { captures: unknown[] };
    expect(one.captures).toHaveLength(1);
    expect((await list(admin.token, "?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z")).status).toBe(400);
    expect((await api(`${base}/HDMI-1/latest.jpg`, { token: admin.token })).status).toBe(200);
    expect((await api(`${base}/HDMI-2/latest.jpg`, { token: admin.token })).status).toBe(404);
    expect((await api(`${base}/HDMI-1/last.jpg`, { token: admin.token })).status).toBe(404);

    expect((await list(viewer.token)).status).toBe(200);
    await db()
      .update(spaceTable)
      .set({ viewers_see_captures: false })
      .where(eq(spaceTable.space_uuid, space.space_uuid));
    forgetAllCallers();
    const denied = await list(viewer.token);
    expect(denied.status, await denied.clone().text()).toBe(403);
    expect((await list(admin.token)).status).toBe(200);
    // Another space's member does not see the device at all.
    const stranger = await memberOf("admin");
    expect((await list(stranger.token)).status).toBe(403);
    agent.ws?.close();
  });
});
