import { describe, expect, it, vi } from "vitest";
import { LOCATION_TYPE_UUID } from "../../contracts/reference.ts";
import type { Env } from "../../worker/env.ts";
import { announceLocations } from "../../worker/services/locations/events.ts";
import { api, makeGroup, makeLocation, memberOf } from "../factories.ts";
import { join, until } from "../ws.ts";

const locationEvents = (messages: { type: string }[]) => messages.filter((m) => m.type === "locationDetailsUpdate");

describe("locationDetailsUpdate from location and group changes", () => {
  it("a dashboard of the space hears locationUpdated and locationDeleted; another space hears nothing", async () => {
    const a = await memberOf("content_manager");
    const b = await memberOf("viewer");
    const s = a.space.space_uuid;
    const location = await makeLocation(s, {
      name: "Old",
      display_id: "D-1",
      location_type_uuid: LOCATION_TYPE_UUID.other,
    });
    const dash = await join(`/parties/space/${s}`, a.token);
    const stranger = await join(`/parties/space/${b.space.space_uuid}`, b.token);
    await until(
      () => dash.messages.some((m) => m.type === "welcome") && stranger.messages.some((m) => m.type === "welcome"),
    );

    const patched = await api(`/api/space/${s}/location/${location.uuid}/`, {
      method: "PATCH",
      token: a.token,
      json: { name: "New" },
    });
    expect(patched.status).toBe(200);
    await until(() => locationEvents(dash.messages).length === 1);
    expect(locationEvents(dash.messages)).toEqual([
      {
        type: "locationDetailsUpdate",
        event: "locationUpdated",
        space_uuid: s,
        location_uuid: location.uuid,
        location_name: "New",
      },
    ]);

    await api(`/api/space/${s}/location/${location.uuid}/`, { method: "DELETE", token: a.token });
    await until(() => locationEvents(dash.messages).length === 2);
    expect(locationEvents(dash.messages)[1]).toMatchObject({ event: "locationDeleted", location_uuid: location.uuid });
    expect(locationEvents(stranger.messages)).toEqual([]);
    dash.ws?.close();
    stranger.ws?.close();
  });

  it("linking a location to a group announces that location", async () => {
    const a = await memberOf("content_manager");
    const s = a.space.space_uuid;
    const location = await makeLocation(s, { name: "Linked" });
    const group = await makeGroup(s);
    const dash = await join(`/parties/space/${s}`, a.token);
    await until(() => dash.messages.some((m) => m.type === "welcome"));
    const res = await api(`/api/space/${s}/location-group/${group.uuid}/`, {
      method: "PATCH",
      token: a.token,
      json: { location_uuids: [location.uuid] },
    });
    expect(res.status).toBe(200);
    await until(() => locationEvents(dash.messages).length === 1);
    expect(locationEvents(dash.messages)[0]).toMatchObject({ location_uuid: location.uuid, location_name: "Linked" });
    dash.ws?.close();
  });

  it("a failed publish is logged and never rejects", async () => {
    const { space } = await memberOf("viewer");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const deferred: Promise<unknown>[] = [];
    announceLocations({ env: {} as Env, space }, (work) => deferred.push(work), "locationUpdated", [
      { uuid: crypto.randomUUID(), name: "Nowhere" },
    ]);
    expect(deferred).toHaveLength(1);
    await expect(deferred[0]).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledWith("locationDetailsUpdate publish failed", expect.any(Error));
    logged.mockRestore();
  });
});
