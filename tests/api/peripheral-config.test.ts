import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../contracts/commands/schema.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import {
  ApplicationList,
  DISPLAY_RULES,
  DISPLAY_TEXTS,
  DisplayConfiguration,
  type DisplayConfigurationEntry,
  DisplayConfigurationSaved,
  DisplayDetectionResult,
  PeripheralDetectionResult,
} from "../../contracts/peripherals/schema.ts";
import { PERIPHERAL_TYPE_UUID } from "../../contracts/reference.ts";
import {
  applicationTable,
  displayApplicationTable,
  displayTable,
  peripheralTable,
} from "../../drizzle/schema/index.ts";
import { api, auditOf, db, makeDevice, makeDisplay, makePeripheral, memberOf, uid } from "../factories.ts";
import { type Command, fakeAgent } from "../fake-agent.ts";
import { join, until } from "../ws.ts";

type Answer = (m: Command) => object;

const RATES = { "1920x1080": [60, 50], "1280x720": [60] };
const hardware = { available_resolutions: ["1920x1080", "1280x720"], available_refresh_rates: RATES };

async function makeApplication(name = `App ${uid().slice(0, 6)}`, template: unknown = undefined) {
  const [row] = await db()
    .insert(applicationTable)
    .values({ name, config: template === undefined ? {} : ({ template } as never) })
    .returning();
  return row;
}

/** A writer's device with two displays (HDMI-1 primary); online with a fake agent when `answer` is given. */
async function setup(opts: { answer?: Answer; role?: "content_manager" | "viewer"; demo?: boolean } = {}) {
  const member = await memberOf(opts.role ?? "content_manager");
  const space = member.space.space_uuid;
  const device = await makeDevice(space, { connected_status: "connected", demo_mode: opts.demo ?? false });
  const hdmi = await makeDisplay(device, {
    name: "HDMI-1@DELL P2422H",
    primary: true,
    resolution: "1920x1080",
    refresh_rate: 60,
    graphical_output: "HDMI-1",
    ...hardware,
  });
  const dp = await makeDisplay(device, {
    name: "DP-1@Elo 2203L",
    resolution: "1280x720",
    refresh_rate: 60,
    ...hardware,
  });
  const answer = opts.answer;
  const agent = answer ? await fakeAgent(device, (m) => ({ answer: answer(m) })) : null;
  if (agent) await until(() => false, 250).catch(() => {});
  const seen = agent?.seen ?? [];
  const base = `/api/space/${space}/device/${device.uuid}`;
  return { member, device, hdmi, dp, seen, agent, base };
}

const entry = (
  display: { uuid: string; primary: boolean; resolution: string; refresh_rate: number | null },
  over: Partial<DisplayConfigurationEntry> = {},
): DisplayConfigurationEntry => ({
  uuid: display.uuid,
  primary: display.primary,
  disabled: false,
  resolution: display.resolution,
  refresh_rate: display.refresh_rate,
  orientation: "normal",
  applications: [],
  ...over,
});

const save = (base: string, token: string, displays_configuration: unknown[]) =>
  api(`${base}/peripherals/display/configuration/`, { method: "POST", token, json: { displays_configuration } });

const bodyOf = async (res: Response) => ApiErrorBody.parse(await res.json());

describe("display configuration", () => {
  it("reads the displays in the device detail's shape, primary first", async () => {
    const { member, base, hdmi, dp } = await setup();
    const viewer = await memberOf("viewer", member.space);
    const res = await api(`${base}/peripherals/display/configuration/`, { token: viewer.token });
    expect(res.status).toBe(200);
    const body = DisplayConfiguration.parse(await res.json());
    expect(body.displays.map((d) => d.uuid)).toEqual([hdmi.uuid, dp.uuid]);
    expect(body.displays[0]).toMatchObject({ availableResolutions: hardware.available_resolutions, applications: [] });
  });

  it("keeps every rule of §4 with its message on the field it concerns", async () => {
    const { member, base, hdmi, dp } = await setup();
    const app = await makeApplication();
    const cases: [unknown[], string, string][] = [
      [[entry(hdmi), { ...entry(dp), uuid: uid() }], "displays_configuration.1.uuid", DISPLAY_RULES.unknownDisplay],
      [[entry(hdmi)], "displays_configuration", DISPLAY_RULES.everyDisplay],
      [[entry(hdmi), entry(dp), entry(dp)], "displays_configuration", DISPLAY_RULES.everyDisplay],
      [
        [entry(hdmi, { disabled: true }), entry(dp, { disabled: true })],
        "displays_configuration",
        DISPLAY_RULES.oneEnabled,
      ],
      [[entry(hdmi), entry(dp, { primary: true })], "displays_configuration", DISPLAY_RULES.onePrimary],
      [[entry(hdmi, { primary: false }), entry(dp)], "displays_configuration", DISPLAY_RULES.onePrimary],
      [[entry(hdmi, { disabled: true }), entry(dp)], "displays_configuration", DISPLAY_RULES.onePrimary],
      [
        [entry(hdmi, { resolution: "800x600" }), entry(dp)],
        "displays_configuration.0.resolution",
        DISPLAY_RULES.resolution,
      ],
      [[entry(hdmi, { resolution: "" }), entry(dp)], "displays_configuration.0.resolution", DISPLAY_RULES.resolution],
      [
        [entry(hdmi), entry(dp, { refresh_rate: 50 })],
        "displays_configuration.1.refresh_rate",
        DISPLAY_RULES.refreshRate,
      ],
      [
        [entry(hdmi, { applications: [{ uuid: uid(), config: {} }] }), entry(dp)],
        "displays_configuration.0.applications",
        DISPLAY_RULES.unknownApplication,
      ],
      [
        [
          entry(hdmi, {
            applications: [
              { uuid: app.uuid, config: {} },
              { uuid: app.uuid, config: {} },
            ],
          }),
          entry(dp),
        ],
        "displays_configuration.0.applications",
        "An application can be shown only once on a display.",
      ],
    ];
    for (const [list, field, message] of cases) {
      const res = await save(base, member.token, list);
      expect(res.status, message).toBe(400);
      const body = await bodyOf(res);
      expect(body.code).toBe("bad_request");
      expect(body.errors?.[field], `${field}: ${message}`).toContain(message);
    }
    // Nothing of the refused saves was stored.
    const rows = await db().select().from(displayTable).where(eq(displayTable.uuid, hdmi.uuid));
    expect(rows[0]).toMatchObject({ primary: true, disabled: false, resolution: "1920x1080" });
    expect((await save(base, member.token, [entry(hdmi), { ...entry(dp), refresh_rate: "fast" }])).status).toBe(400);
  });

  it("a display without resolutions takes an empty one; a device without displays is refused by name", async () => {
    const member = await memberOf("content_manager");
    const device = await makeDevice(member.space.space_uuid, { name: "Bare Kiosk" });
    const base = `/api/space/${member.space.space_uuid}/device/${device.uuid}`;
    const none = await save(base, member.token, []);
    expect(none.status).toBe(400);
    expect((await bodyOf(none)).message).toBe(DISPLAY_TEXTS.noDisplays.replace("{name}", "Bare Kiosk"));
    const blank = await makeDisplay(device, { primary: true });
    const ok = await save(base, member.token, [entry(blank, { resolution: "", refresh_rate: null })]);
    expect(ok.status).toBe(200);
    expect(DisplayConfigurationSaved.parse(await ok.json()).applied).toBe(false);
  });

  it("refuses a device in demo mode with 409", async () => {
    const { member, base, hdmi, dp } = await setup({ demo: true });
    const res = await save(base, member.token, [entry(hdmi), entry(dp)]);
    expect(res.status).toBe(409);
    expect(await bodyOf(res)).toMatchObject({ code: "conflict", message: DISPLAY_RULES.demoMode });
  });

  it("stores an offline device's configuration (applied false) with its applications in order, and audits it", async () => {
    const { member, device, base, hdmi, dp } = await setup();
    const [a, b] = [await makeApplication("Alpha"), await makeApplication("Beta")];
    const dash = await join(`/parties/space/${member.space.space_uuid}`, member.token);
    await until(() => dash.messages.some((m) => m.type === "welcome"));
    const res = await save(base, member.token, [
      entry(hdmi, { primary: false, disabled: true }),
      entry(dp, {
        primary: true,
        resolution: "1920x1080",
        refresh_rate: 50,
        orientation: "90 flipped",
        applications: [
          { uuid: b.uuid, config: { url: "https://b" } },
          { uuid: a.uuid, config: {} },
        ],
      }),
    ]);
    expect(res.status).toBe(200);
    const body = DisplayConfigurationSaved.parse(await res.json());
    expect(body.applied).toBe(false);
    expect(body.displays[0]).toMatchObject({
      uuid: dp.uuid,
      primary: true,
      refresh_rate: 50,
      orientation: "90 flipped",
      applications: [
        { uuid: b.uuid, position: 0, config: { url: "https://b" } },
        { uuid: a.uuid, position: 1 },
      ],
    });
    expect(body.displays[1]).toMatchObject({ uuid: hdmi.uuid, primary: false, disabled: true });
    const links = await db()
      .select()
      .from(displayApplicationTable)
      .where(eq(displayApplicationTable.display_uuid, dp.uuid));
    expect(links).toHaveLength(2);
    // Saving again replaces the applications.
    const fixed = await save(base, member.token, [
      entry(hdmi, { primary: true }),
      entry(dp, { primary: false, applications: [{ uuid: a.uuid, config: {} }] }),
    ]);
    expect(fixed.status).toBe(200);
    const after = await db()
      .select()
      .from(displayApplicationTable)
      .where(eq(displayApplicationTable.display_uuid, dp.uuid));
    expect(after.map((l) => [l.application_uuid, l.position])).toEqual([[a.uuid, 0]]);
    const audit = await auditOf(device.uuid, "device.displays_configuration");
    expect(audit).toHaveLength(2);
    await until(() => dash.messages.some((m) => m.type === "deviceDetailsUpdate"));
    expect(dash.messages.find((m) => m.type === "deviceDetailsUpdate")).toMatchObject({
      event: "deviceUpdated",
      device_uuid: device.uuid,
    });
    dash.ws?.close();
  });

  it("hands a configuration saved while offline to the agent when it next says hello, once", async () => {
    const { member, device, base, hdmi, dp } = await setup();
    const res = await save(base, member.token, [entry(hdmi), entry(dp, { orientation: "180" })]);
    expect(DisplayConfigurationSaved.parse(await res.json()).applied).toBe(false);

    const connect = async () => {
      const agent = await fakeAgent(device);
      agent.hello();
      return { agent, seen: agent.seen };
    };
    const first = await connect();
    await until(() => first.seen.length > 0);
    expect(first.seen.map((m) => m.action)).toEqual(["apply-display-config"]);
    const sent = COMMANDS["apply-display-config"].params.parse(first.seen[0].params).displays;
    expect(sent.map((d) => [d.uuid, d.orientation])).toEqual([
      [hdmi.uuid, "normal"],
      [dp.uuid, "180"],
    ]);
    first.agent.ws?.close();

    // Applied once: the next hello brings nothing.
    await until(() => false, 300).catch(() => {});
    const second = await connect();
    await until(() => false, 500).catch(() => {});
    expect(second.seen).toEqual([]);
    second.agent.ws?.close();
  });

  it("sends an online device's configuration to its agent (applied true)", async () => {
    const { member, base, hdmi, dp, seen, agent } = await setup({ answer: () => ({ ok: true, result: {} }) });
    const res = await save(base, member.token, [entry(hdmi), entry(dp, { orientation: "270" })]);
    expect(res.status).toBe(200);
    expect(DisplayConfigurationSaved.parse(await res.json()).applied).toBe(true);
    expect(seen.map((m) => m.action)).toEqual(["apply-display-config"]);
    const sent = COMMANDS["apply-display-config"].params.parse(seen[0].params).displays;
    expect(sent.map((d) => [d.uuid, d.name, d.orientation])).toEqual([
      [hdmi.uuid, hdmi.name, "normal"],
      [dp.uuid, dp.name, "270"],
    ]);
    agent?.ws?.close();
  });

  it("an agent's dry run (no --allow-display) is answered as a dry run, never as applied", async () => {
    const { member, base, hdmi, dp, agent } = await setup({
      answer: () => ({ ok: true, result: { dry_run: true, written_to: "/etc/outpost/displays.json" } }),
    });
    const res = await save(base, member.token, [entry(hdmi), entry(dp)]);
    expect(res.status).toBe(200);
    expect(DisplayConfigurationSaved.parse(await res.json())).toMatchObject({ applied: false, dry_run: true });
    agent?.ws?.close();
  });

  it("an agent failure after storing is 502 device_failed, and the configuration stays stored", async () => {
    const { member, device, base, hdmi, dp, agent } = await setup({
      answer: () => ({ ok: false, error: "xrandr: cannot find mode" }),
    });
    const res = await save(base, member.token, [entry(hdmi, { orientation: "180" }), entry(dp)]);
    expect(res.status).toBe(502);
    expect(await bodyOf(res)).toMatchObject({
      code: "device_failed",
      message: DISPLAY_TEXTS.saveFailed.replace("{name}", device.name),
    });
    const row = await db().select().from(displayTable).where(eq(displayTable.uuid, hdmi.uuid)).get();
    expect(row?.orientation).toBe("180");
    agent?.ws?.close();
  });
});

describe("display detection", () => {
  it("refreshes known displays' hardware, keeps the operator's settings, inserts new ones", async () => {
    const found = {
      displays: [
        {
          name: "HDMI-1@DELL P2422H",
          primary: false,
          resolution: "1280x720",
          available_resolutions: ["1920x1080", "3840x2160"],
          available_refresh_rates: { "1920x1080": [60], "3840x2160": [30] },
          refresh_rate: 60,
          graphical_output: "HDMI-1",
        },
        { name: "HDMI-2@LG 55UH5F", primary: true, resolution: "3840x2160", refresh_rate: 30, orientation: "90" },
      ],
    };
    const { member, device, base, hdmi, dp, seen, agent } = await setup({
      answer: () => ({ ok: true, result: found }),
    });
    await db().update(displayTable).set({ orientation: "180" }).where(eq(displayTable.uuid, hdmi.uuid));
    const res = await api(`${base}/peripherals/display/detection/`, { method: "POST", token: member.token });
    expect(res.status).toBe(200);
    const body = DisplayDetectionResult.parse(await res.json());
    expect(seen.map((m) => m.action)).toEqual(["detect-displays"]);
    expect(body.new_displays).toBe(1);
    expect(body.displays).toHaveLength(3);
    const known = body.displays.find((d) => d.uuid === hdmi.uuid);
    expect(known).toMatchObject({
      primary: true,
      orientation: "180",
      resolution: "1920x1080",
      availableResolutions: ["1920x1080", "3840x2160"],
    });
    // The device has an enabled primary already: the new display is not primary.
    expect(body.displays.find((d) => d.name === "HDMI-2@LG 55UH5F")).toMatchObject({
      primary: false,
      disabled: false,
      orientation: "90",
    });
    expect(body.displays.find((d) => d.uuid === dp.uuid)).toBeTruthy();
    const again = DisplayDetectionResult.parse(
      await (await api(`${base}/peripherals/display/detection/`, { method: "POST", token: member.token })).json(),
    );
    expect(again.new_displays).toBe(0);
    const audit = await auditOf(device.uuid, "device.displays_detected");
    expect(audit).toHaveLength(2);
    agent?.ws?.close();
  });

  it("a new display becomes primary when no enabled one is; nonsense is 502; offline is 503", async () => {
    let answer: object = { displays: [{ name: "A" }, { name: "B", primary: true }] };
    const { member, device, base, agent } = await setup({ answer: () => ({ ok: true, result: answer }) });
    await db().update(displayTable).set({ primary: false }).where(eq(displayTable.device_uuid, device.uuid));
    const res = await api(`${base}/peripherals/display/detection/`, { method: "POST", token: member.token });
    const body = DisplayDetectionResult.parse(await res.json());
    expect(body.displays.filter((d) => d.primary).map((d) => d.name)).toEqual(["B"]);
    answer = { displays: "lots" };
    const bad = await api(`${base}/peripherals/display/detection/`, { method: "POST", token: member.token });
    expect(bad.status).toBe(502);
    agent?.ws?.close();
    await until(() => false, 250).catch(() => {});
    const offline = await api(`${base}/peripherals/display/detection/`, { method: "POST", token: member.token });
    expect(offline.status).toBe(503);
  });
});

describe("peripheral detection", () => {
  it("matches by serial number, else by name; keeps enabled; skips unknown types", async () => {
    const result = {
      peripherals: [
        { name: "Epson TM-T88VI", type: "pos_printer", serial_number: "EPS123", firmware: "31.0" },
        { name: "Ingenico Self 4000", type: "card_reader", manufacturer: "Ingenico" },
        { name: "Barcode gun", type: "barcode_scanner", serial_number: "X1" },
        { name: "Logitech C920", type: "camera", serial_number: "LOG9" },
      ],
    };
    const { member, device, base, seen, agent } = await setup({ answer: () => ({ ok: true, result }) });
    const printer = await makePeripheral(device, {
      name: "Old printer name",
      peripheral_type_uuid: PERIPHERAL_TYPE_UUID.pos_printer,
      serial_number: "EPS123",
      enabled: false,
    });
    const reader = await makePeripheral(device, { name: "Ingenico Self 4000", enabled: false });
    const res = await api(`${base}/peripherals/detection/`, { method: "POST", token: member.token });
    expect(res.status).toBe(200);
    const body = PeripheralDetectionResult.parse(await res.json());
    expect(seen.map((m) => m.action)).toEqual(["detect-peripherals"]);
    expect(body.new_peripherals).toBe(1);
    expect(body.peripherals).toHaveLength(3);
    expect(body.peripherals.find((p) => p.uuid === printer.uuid)).toMatchObject({
      name: "Epson TM-T88VI",
      firmware: "31.0",
      enabled: false,
      slug: "pos-printer",
    });
    expect(body.peripherals.find((p) => p.uuid === reader.uuid)).toMatchObject({
      manufacturer: "Ingenico",
      enabled: false,
    });
    expect(body.peripherals.find((p) => p.serial_number === "LOG9")).toMatchObject({ enabled: true, slug: "camera" });
    const rows = await db().select().from(peripheralTable).where(eq(peripheralTable.device_uuid, device.uuid));
    expect(rows.map((r) => r.name)).not.toContain("Barcode gun");
    agent?.ws?.close();
  });
});

describe("applications", () => {
  it("lists every application by name with its template when readable", async () => {
    const { member, base } = await setup();
    const template = { header: "Zed", description: "Z", configurable_options: [] };
    const zed = await makeApplication(`zz-${uid()}`, template);
    const broken = await makeApplication(`zz-${uid()}`, { header: 1 });
    const viewer = await memberOf("viewer", member.space);
    const res = await api(`${base}/application/items/`, { token: viewer.token });
    expect(res.status).toBe(200);
    const { applications } = ApplicationList.parse(await res.json());
    const names = applications.map((a) => a.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect(applications.find((a) => a.uuid === zed.uuid)?.template).toEqual(template);
    expect(applications.find((a) => a.uuid === broken.uuid)?.template).toBeNull();
  });
});

describe("access", () => {
  it("401 without a token, 404 for another space's device, 403 for a viewer's writes", async () => {
    const { member, base, hdmi, dp } = await setup();
    const paths = [
      ["GET", "/peripherals/display/configuration/"],
      ["POST", "/peripherals/display/configuration/"],
      ["POST", "/peripherals/display/detection/"],
      ["POST", "/peripherals/detection/"],
      ["GET", "/application/items/"],
    ] as const;
    const json = { displays_configuration: [entry(hdmi), entry(dp)] };
    const stranger = await memberOf("admin");
    const foreign = base.replace(member.space.space_uuid, stranger.space.space_uuid);
    const viewer = await memberOf("viewer", member.space);
    for (const [method, path] of paths) {
      const body = method === "POST" ? { json } : {};
      expect((await api(`${base}${path}`, { method, ...body })).status, path).toBe(401);
      expect((await api(`${foreign}${path}`, { method, token: stranger.token, ...body })).status, path).toBe(404);
      expect((await api(`${base}${path}`, { method, token: viewer.token, ...body })).status, path).toBe(
        method === "POST" ? 403 : 200,
      );
    }
  });
});
