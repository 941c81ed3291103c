import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DeviceDetail } from "../../contracts/devices/detail.ts";
import { DeviceList } from "../../contracts/devices/schema.ts";
import { recordOffline, recordOnline } from "../../worker/services/devices/presence.ts";
import { countStatements } from "../../worker/services/monitoring/counts.ts";
import { pageStatement } from "../../worker/services/monitoring/list.ts";
import { api, db, errorsOf, makeDevice, makeLocation, memberOf } from "../factories.ts";

const list = async (path: string, token: string) => {
  const res = await api(path, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return DeviceList.parse(await res.json());
};

/** Every page by following links.next (keyset cursors) and back by links.previous. */
async function walk(first: string, token: string) {
  const pages: string[][] = [];
  let body = await list(first, token);
  for (;;) {
    pages.push(body.devices.map((d) => d.name));
    if (!body.links.next) break;
    const next = new URL(body.links.next);
    expect(next.searchParams.get("cursor")).toBeTruthy();
    body = await list(next.pathname + next.search, token);
  }
  const back: string[][] = [pages.at(-1) ?? []];
  while (body.links.previous) {
    const prev = new URL(body.links.previous);
    body = await list(prev.pathname + prev.search, token);
    back.unshift(body.devices.map((d) => d.name));
  }
  expect(back).toEqual(pages);
  return pages;
}

describe("device list orderings -last_seen and -combined_status", () => {
  it("lists offline devices by last_seen (Activity's disconnected list), never seen last, by cursor both ways", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const seen = (day: number) => `2026-11-${String(day).padStart(2, "0")}T08:00:00.000Z`;
    await makeDevice(s, { name: "off-3", online: false, last_seen: seen(3) });
    await makeDevice(s, { name: "off-9", online: false, last_seen: seen(9) });
    await makeDevice(s, { name: "off-never", online: false, last_seen: null });
    await makeDevice(s, { name: "off-5", online: false, last_seen: seen(5) });
    await makeDevice(s, { name: "off-1", online: false, last_seen: seen(1) });
    await makeDevice(s, { name: "on-20", online: true, last_seen: seen(20) });
    const base = `/api/space/${s}/device/items/?online=false&page_size=2`;
    expect(await walk(`${base}&ordering=-last_seen`, token)).toEqual([
      ["off-9", "off-5"],
      ["off-3", "off-1"],
      ["off-never"],
    ]);
    expect((await walk(`${base}&ordering=last_seen`, token)).flat()).toEqual([
      "off-never",
      "off-1",
      "off-3",
      "off-5",
      "off-9",
    ]);
    const all = await list(`/api/space/${s}/device/items/?ordering=-last_seen`, token);
    expect(all.devices.map((d) => d.name)).toEqual(["on-20", "off-9", "off-5", "off-3", "off-1", "off-never"]);
  });

  it("puts problems first (-combined_status: worst first, no telemetry last) with keyset pages, also by location", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const location = await makeLocation(s);
    const codes = [0, 3, null, 2, 1, 3, null, 2] as const;
    for (const [i, code] of codes.entries()) {
      await makeDevice(s, {
        name: `d${i}-${code}`,
        combined_status: code,
        location_uuid: i < 6 ? location.uuid : null,
      });
    }
    const worstFirst = (
      await walk(`/api/space/${s}/device/items/?ordering=-combined_status&page_size=3`, token)
    ).flat();
    expect(worstFirst.map((n) => n.split("-")[1])).toEqual(["3", "3", "2", "2", "1", "0", "null", "null"]);
    const bestFirst = (await walk(`/api/space/${s}/device/items/?ordering=combined_status&page_size=3`, token)).flat();
    expect(bestFirst).toEqual([...worstFirst].reverse());
    const atLocation = (
      await walk(
        `/api/space/${s}/device/items/?ordering=-combined_status&page_size=2&location_uuid=${location.uuid}`,
        token,
      )
    ).flat();
    expect(atLocation.map((n) => n.split("-")[1])).toEqual(["3", "3", "2", "1", "0", "null"]);
  });

  it("ranks offline devices first (the most recent outage leading), then critical, warning; archived last", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const connected = { connected_status: "connected" } as const;
    const ago = (hours: number) => new Date(Date.parse("2026-11-29T06:00:00Z") - hours * 3_600_000).toISOString();
    await makeDevice(s, { ...connected, name: "healthy", online: true, combined_status: 0 });
    await makeDevice(s, { ...connected, name: "warning", online: true, combined_status: 2 });
    await makeDevice(s, { ...connected, name: "critical", online: true, combined_status: 3 });
    // Its last report said healthy: offline still makes it a problem.
    await makeDevice(s, { ...connected, name: "offline-now", online: false, last_seen: ago(0.01), combined_status: 0 });
    await makeDevice(s, { ...connected, name: "offline-old", online: false, last_seen: ago(30), combined_status: 3 });
    await makeDevice(s, {
      connected_status: "archived",
      name: "archived",
      online: false,
      last_seen: ago(1704),
      combined_status: 3,
    });
    await makeDevice(s, { name: "uninstalled" });
    const order = ["offline-now", "offline-old", "critical", "warning", "healthy", "uninstalled", "archived"];
    expect((await walk(`/api/space/${s}/device/items/?ordering=-combined_status&page_size=2`, token)).flat()).toEqual(
      order,
    );
    expect((await walk(`/api/space/${s}/device/items/?ordering=combined_status&page_size=3`, token)).flat()).toEqual(
      [...order].reverse(),
    );
    const offline = await list(`/api/space/${s}/device/items/?online=false&ordering=-combined_status`, token);
    expect(offline.devices.map((d) => d.name)).toEqual(["offline-now", "offline-old", "uninstalled", "archived"]);
    expect(offline.devices[0]).not.toHaveProperty("problem_rank");
  });

  it("refuses a cursor of another ordering and an unknown ordering", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    await makeDevice(s, { combined_status: 2 });
    await makeDevice(s, { combined_status: 3 });
    const page = await list(`/api/space/${s}/device/items/?ordering=-combined_status&page_size=1`, token);
    const other = new URL(page.links.next ?? "");
    other.searchParams.set("ordering", "-last_seen");
    expect(await errorsOf(await api(other.pathname + other.search, { token }))).toEqual({
      cursor: ["Invalid cursor."],
    });
    const bad = await api(`/api/space/${s}/device/items/?ordering=-health`, { token });
    expect(await errorsOf(bad)).toEqual({ ordering: ['"-health" is not a valid choice.'] });
  });

  it("shows disk_health_condition in the device detail", async () => {
    const { space, token } = await memberOf("viewer");
    const device = await makeDevice(space.space_uuid, { disk_health_condition: 2, combined_status: 2 });
    const res = await api(`/api/space/${space.space_uuid}/device/${device.uuid}/`, { token });
    expect(DeviceDetail.parse(await res.json())).toMatchObject({ disk_health_condition: 2, combined_status: 2 });
  });
});

describe("Activity's edited list (-updated_at)", () => {
  it("is not reshuffled by devices going online and offline", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const edited = await makeDevice(s, { name: "edited", updated_at: "2026-11-02T00:00:00.000Z" });
    const reconnecting = await makeDevice(s, {
      name: "reconnecting",
      connected_status: "connected",
      updated_at: "2026-11-01T00:00:00.000Z",
    });
    const now = Date.parse("2026-11-23T12:00:00Z");
    await recordOnline(env, reconnecting.uuid, { now, since: now });
    await recordOffline(env, reconnecting.uuid, { lastSeen: now + 1000, since: now });
    const body = await list(`/api/space/${s}/device/items/?ordering=-updated_at`, token);
    expect(body.devices.map((d) => d.name)).toEqual(["edited", "reconnecting"]);
    expect(body.devices[1]).toMatchObject({ updated_at: "2026-11-01T00:00:00.000Z", online: false });
    expect(body.devices[1].last_seen).toBe("2026-11-23T12:00:01.000Z");
    expect(edited.updated_at).toBe("2026-11-02T00:00:00.000Z");
  });
});

describe("query plans", () => {
  /** A row of SQLite's EXPLAIN QUERY PLAN (only the step's text is read). */
  const PlanRow = z.object({ detail: z.string() });
  const plan = async (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
    const { sql, params } = query.toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all();
    return results.map((r) => PlanRow.parse(r).detail).join("; ");
  };

  it("reads the monitoring counts from indexes only, the problem devices as a range", async () => {
    const { space } = await memberOf("viewer");
    const ctx = { db: db(), space };
    for (const input of [
      {},
      { location_uuid: "x", domain: "top" as const },
      { heading: "cpu" as const, condition: 3 as const },
    ]) {
      const [problems, total, peripherals] = countStatements(ctx, input);
      expect(await plan(problems)).toMatch(
        /^SEARCH device USING COVERING INDEX device_space_uuid_monitoring_idx \(space_uuid=\? AND connected_status=\? AND combined_status>\?\)$/,
      );
      // The total: any covering index that starts with the space (the smallest that fits the filters).
      expect(await plan(total)).toMatch(/^SEARCH device USING COVERING INDEX \w+ \(space_uuid=\? AND [^;]*\)$/);
      const grouped = await plan(peripherals);
      expect(grouped).toContain("USING COVERING INDEX device_peripheral_condition_space_uuid_type_idx");
      expect(grouped).not.toMatch(/SCAN (device|device_peripheral_condition)\b/);
      // Each problem peripheral's device is checked from an index alone (no table row), unless a
      // heading filter needs a condition column.
      if (!input.heading)
        expect(grouped).toContain("SEARCH device USING COVERING INDEX device_uuid_monitoring_idx (uuid=?");
    }
  });

  it("walks an index in the monitoring list's order for every domain (no sort)", async () => {
    const { space } = await memberOf("viewer");
    const ctx = { db: db(), space };
    const index = { none: "monitoring_order_idx", top: "monitoring_own_idx", bottom: "monitoring_peripherals_idx" };
    for (const [domain, name] of Object.entries(index)) {
      const input = { page: 2, page_size: 36, ...(domain === "none" ? {} : { domain: domain as "top" | "bottom" }) };
      const detail = await plan(pageStatement(ctx, input));
      expect(detail).toContain(
        `SEARCH device USING INDEX device_space_uuid_${name} (space_uuid=? AND connected_status=?)`,
      );
      expect(detail).not.toContain("TEMP B-TREE");
    }
  });
});
