import { describe, expect, it } from "vitest";
import { ADMIN_TEXTS, Application } from "../../contracts/admin/schema.ts";
import { COMMANDS } from "../../contracts/commands/schema.ts";
import { DisplayConfigurationSaved } from "../../contracts/peripherals/schema.ts";
import {
  addMember,
  api,
  errorsOf,
  makeDevice,
  makeDisplay,
  makeSpace,
  makeUser,
  memberOf,
  signIn,
  uid,
} from "../factories.ts";
import { fakeAgent } from "../fake-agent.ts";
import { until } from "../ws.ts";

/*
 * Applications on displays: how one is launched is part of its Admin Panel definition (`launch`,
 * validated on save), and the display configuration an agent receives carries each display's
 * applications with that definition and the option values chosen for the display.
 */

async function sysDev() {
  const space = await makeSpace();
  const user = await makeUser({ sys_dev: true });
  await addMember(space.space_uuid, user.uuid, "admin");
  return (await signIn(user.email)).access_token;
}

const template = {
  header: "Menu",
  description: "A menu board",
  configurable_options: [
    { type: "text_input", deterministic_id: "shop", name: "Shop", default_value: "Old Town" },
    {
      type: "select",
      deterministic_id: "lang",
      name: "Language",
      default_value: "hr",
      possibilities: [
        { name: "HR", value: "hr" },
        { name: "EN", value: "en" },
      ],
    },
  ],
};

const add = (token: string, document: object) =>
  api("/api/application/add/", { method: "POST", token, json: { name: `Menu ${uid().slice(0, 8)}`, ...document } });

describe("an application's launch definition", () => {
  it("is validated on save: kind, URL scheme, placeholders naming template options", async () => {
    const token = await sysDev();
    const bad = await add(token, { template, launch: { kind: "url", url: "ftp://menu/{{shop}}&{{colour}}" } });
    expect(bad.status).toBe(400);
    expect(await errorsOf(bad)).toMatchObject({ "launch.url": [ADMIN_TEXTS.launchUrl] });
    const unknown = await add(token, { template, launch: { kind: "url", url: "https://menu.example/?c={{colour}}" } });
    expect(await errorsOf(unknown)).toMatchObject({
      launch: ["{{colour}} names no configurable option of the template (its deterministic_id)."],
    });
    const kind = await add(token, { launch: { kind: "shell", command: "rm -rf /" } });
    expect(Object.keys((await errorsOf(kind)) ?? {})).toContain("launch.kind");
    const noArgv = await add(token, { launch: { kind: "command", command: [] } });
    expect(Object.keys((await errorsOf(noArgv)) ?? {})).toContain("launch.command");
    const extra = await add(token, { launch: { kind: "url", url: "https://a.example/", colour: "red" } });
    expect(extra.status).toBe(400);

    const good = await add(token, {
      template,
      launch: { kind: "command", command: ["/opt/menu", "--shop={{shop}}"], env: { LANG: "{{lang}}" } },
    });
    expect(good.status).toBe(201);
    expect(Application.parse(await good.json()).document.launch).toEqual({
      kind: "command",
      command: ["/opt/menu", "--shop={{shop}}"],
      env: { LANG: "{{lang}}" },
    });
    // Definitions saved before launch existed stay valid.
    expect((await add(token, { template })).status).toBe(201);
  });

  it("reaches the agent with the display's option values over the template's defaults", async () => {
    const token = await sysDev();
    const launch = { kind: "url", url: "https://menu.example/?shop={{shop}}&lang={{lang}}" };
    const menu = Application.parse(await (await add(token, { template, launch })).json());
    const old = Application.parse(await (await add(token, { template })).json());
    const member = await memberOf("content_manager");
    const device = await makeDevice(member.space.space_uuid, { connected_status: "connected" });
    const display = await makeDisplay(device, { name: "HDMI-1@DELL", primary: true, graphical_output: "HDMI-1" });
    const agent = await fakeAgent(device);
    await until(() => false, 250).catch(() => {});
    const res = await api(
      `/api/space/${member.space.space_uuid}/device/${device.uuid}/peripherals/display/configuration/`,
      {
        method: "POST",
        token: member.token,
        json: {
          displays_configuration: [
            {
              uuid: display.uuid,
              primary: true,
              disabled: false,
              resolution: display.resolution,
              refresh_rate: display.refresh_rate,
              orientation: "normal",
              applications: [
                { uuid: menu.uuid, config: { lang: "en" } },
                { uuid: old.uuid, config: {} },
              ],
            },
          ],
        },
      },
    );
    expect(res.status).toBe(200);
    expect(DisplayConfigurationSaved.parse(await res.json()).displays[0].applications).toHaveLength(2);
    const sent = COMMANDS["apply-display-config"].params.parse(agent.seen[0].params).displays;
    expect(sent).toEqual([
      expect.objectContaining({
        uuid: display.uuid,
        name: "HDMI-1@DELL",
        graphical_output: "HDMI-1",
        applications: [
          { uuid: menu.uuid, name: menu.name, launch, options: { shop: "Old Town", lang: "en" } },
          { uuid: old.uuid, name: old.name, launch: null, options: { shop: "Old Town", lang: "hr" } },
        ],
      }),
    ]);
    agent.ws?.close();
  });
});
