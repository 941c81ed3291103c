import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { publishToSpace } from "../../worker/services/kernel/realtime.ts";
import { api, makeSpace, memberOf } from "../factories.ts";
import { join, until } from "../ws.ts";

describe("publishing through the API's cached room stubs", () => {
  it("a space room hears every publish of successive requests, in order", async () => {
    const watcher = await memberOf("admin");
    const s = watcher.space.space_uuid;
    const me = await memberOf("viewer", watcher.space);
    const dash = await join(`/parties/space/${s}`, watcher.token);
    await until(() => dash.messages.some((m) => m.type === "welcome"));
    const presence = (to: "login" | "logout") =>
      api(`/api/space/${s}/account/${to}/`, {
        method: "POST",
        token: me.token,
        json: { account_uuid: me.account.account_uuid },
      });
    const heard = () =>
      dash.messages.filter((m) => "account_uuid" in m && m.account_uuid === me.account.account_uuid).map((m) => m.type);
    // Each request publishes after its reply (deferred): wait for it before the next one.
    const steps = ["login", "logout", "login", "logout"] as const;
    for (const [i, step] of steps.entries()) {
      expect((await presence(step)).status).toBe(200);
      await until(() => heard().length === i + 1);
    }
    expect(heard()).toEqual(["accountOnline", "accountOffline", "accountOnline", "accountOffline"]);
    dash.ws?.close();
  });

  it("a publish to a room that never started runs its onStart first (no getServerByName handshake)", async () => {
    const space = await makeSpace();
    const s = space.space_uuid;
    await publishToSpace(env, s, { type: "accountOnline", space_uuid: s, account_uuid: crypto.randomUUID() });
    const room = env.Space.get(env.Space.idFromName(s));
    const tables = await runInDurableObject(room, (_instance, state) =>
      state.storage.sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").toArray(),
    );
    // SpaceRoom.onStart creates the watchers table.
    expect(tables.map((t) => t.name)).toContain("socket_watchers");
  });
});
