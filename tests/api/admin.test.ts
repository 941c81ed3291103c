import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Application, ApplicationList, ChangeHistory, Runner, RunnerList } from "../../contracts/admin/schema.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { ApplicationList as DeviceApplications } from "../../contracts/peripherals/schema.ts";
import { applicationTable, auditLogTable, displayApplicationTable, runnerTable } from "../../drizzle/schema/index.ts";
import {
  addMember,
  api,
  db,
  errorsOf,
  makeDevice,
  makeDisplay,
  makeSpace,
  makeUser,
  memberOf,
  signIn,
  uid,
} from "../factories.ts";

const FORBIDDEN = "You do not have permission to perform this action.";

/** A signed-in user with these flags, an Admin of a space of their own. */
async function caller(flags: { super_admin?: boolean; sys_dev?: boolean }) {
  const space = await makeSpace();
  const user = await makeUser(flags);
  await addMember(space.space_uuid, user.uuid, "admin");
  return { user, space, token: (await signIn(user.email)).access_token };
}

const template = (options: unknown[] = []) => ({
  header: "Kiosk",
  description: "Shows a page",
  configurable_options: options,
});
const textOption = { type: "text_input", deterministic_id: "url", name: "Start page", placeholder_text: "https://" };

async function makeApplication(name = `App ${uid().slice(0, 8)}`, config: Record<string, unknown> = {}) {
  const [row] = await db()
    .insert(applicationTable)
    .values({ name, config: config as never })
    .returning();
  return row;
}

async function makeRunner(name = `Runner ${uid().slice(0, 8)}`, config: Record<string, unknown> = {}) {
  const [row] = await db().insert(runnerTable).values({ name, config }).returning();
  return row;
}

const auditOf = (uuid: string) =>
  db().select().from(auditLogTable).where(eq(auditLogTable.entity_uuid, uuid)).orderBy(auditLogTable.created_at);

describe("Admin Panel access (console.md §6)", () => {
  it("lets super admins and system developers read; refuses Admins without flags, other members and anonymous callers", async () => {
    const app = await makeApplication();
    const runner = await makeRunner();
    const reads = [
      "/api/application/items/",
      `/api/application/${app.id}/`,
      `/api/application/${app.id}/history/`,
      "/api/runner/items/",
      `/api/runner/${runner.uuid}`,
      `/api/runner/${runner.uuid}/history/`,
    ];
    const superAdmin = await caller({ super_admin: true });
    const sysDev = await caller({ sys_dev: true });
    const admin = await caller({});
    const viewer = await memberOf("viewer");
    for (const path of reads) {
      expect((await api(path, { token: superAdmin.token })).status, path).toBe(200);
      expect((await api(path, { token: sysDev.token })).status, path).toBe(200);
      for (const token of [admin.token, viewer.token]) {
        const res = await api(path, { token });
        expect(res.status, path).toBe(403);
        expect(ApiErrorBody.parse(await res.json()).message).toBe(FORBIDDEN);
      }
      expect((await api(path)).status, path).toBe(401);
    }
  });

  it("lets a super admin save applications but not delete them or save runners; a system developer may do all", async () => {
    const superAdmin = await caller({ super_admin: true });
    const sysDev = await caller({ sys_dev: true });
    const app = await makeApplication();
    const runner = await makeRunner();
    const patch = (token: string) =>
      api(`/api/application/${app.id}/`, { method: "PATCH", token, json: { name: app.name } });
    expect((await patch(superAdmin.token)).status).toBe(200);
    const refused = [
      api(`/api/application/${app.id}/`, { method: "DELETE", token: superAdmin.token }),
      api(`/api/runner/${runner.uuid}`, { method: "PATCH", token: superAdmin.token, json: { name: runner.name } }),
      api("/api/runner/add/", { method: "POST", token: superAdmin.token, json: { name: `R ${uid()}` } }),
      api(`/api/runner/${runner.uuid}`, { method: "DELETE", token: superAdmin.token }),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status).toBe(403);
      expect(ApiErrorBody.parse(await res.json()).message).toBe(FORBIDDEN);
    }
    expect(await db().select().from(runnerTable).where(eq(runnerTable.uuid, runner.uuid)).get()).toBeTruthy();

    const edited = await api(`/api/runner/${runner.uuid}`, {
      method: "PATCH",
      token: sysDev.token,
      json: { name: runner.name, engine: "chromium" },
    });
    expect(edited.status).toBe(200);
    expect((await api(`/api/runner/${runner.uuid}`, { method: "DELETE", token: sysDev.token })).status).toBe(204);
    expect((await api(`/api/application/${app.id}/`, { method: "DELETE", token: sysDev.token })).status).toBe(204);
    expect(await db().select().from(applicationTable).where(eq(applicationTable.id, app.id)).get()).toBeUndefined();
  });

  it("refuses writes of Admins without flags and of other members before reading the body", async () => {
    const app = await makeApplication();
    const admin = await caller({});
    const viewer = await memberOf("viewer");
    for (const token of [admin.token, viewer.token]) {
      const writes = [
        api("/api/application/add/", { method: "POST", token, json: { name: `A ${uid()}` } }),
        api(`/api/application/${app.id}/`, { method: "PATCH", token, json: { name: "" } }),
        api(`/api/application/${app.id}/`, { method: "DELETE", token }),
      ];
      for (const res of await Promise.all(writes)) expect(res.status).toBe(403);
    }
    expect((await db().select().from(applicationTable).where(eq(applicationTable.id, app.id)).get())?.name).toBe(
      app.name,
    );
  });
});

describe("GET /api/application/items/ and /api/runner/items/", () => {
  it("lists by name, 35 a page by default, searched by name (any case), with how many displays show each", async () => {
    const { token } = await caller({ super_admin: true });
    const tag = uid().slice(0, 8);
    const names = Array.from({ length: 37 }, (_, i) => `Paged ${tag} ${String(i).padStart(2, "0")}`);
    for (const name of names) await makeApplication(name);
    const shown = await makeApplication(`Shown ${tag}`);
    const space = await makeSpace();
    const device = await makeDevice(space.space_uuid);
    for (const display of [await makeDisplay(device), await makeDisplay(device)]) {
      await db()
        .insert(displayApplicationTable)
        .values({ display_uuid: display.uuid, application_uuid: shown.uuid, space_uuid: space.space_uuid });
    }

    const first = ApplicationList.parse(
      await (await api(`/api/application/items/?name=PAGED ${tag}`, { token })).json(),
    );
    expect(first.objects_count).toBe(37);
    expect(first.pages_count).toBe(2);
    expect(first.applications).toHaveLength(35);
    expect(first.applications.map((a) => a.name)).toEqual(names.slice(0, 35));
    expect(first.links.next).toContain("page=2");
    const second = ApplicationList.parse(
      await (await api(`/api/application/items/?name=paged ${tag}&page=2`, { token })).json(),
    );
    expect(second.applications.map((a) => a.name)).toEqual(names.slice(35));

    const found = ApplicationList.parse(
      await (await api(`/api/application/items/?name=shown ${tag}`, { token })).json(),
    );
    expect(found.applications).toEqual([
      expect.objectContaining({ id: shown.id, uuid: shown.uuid, name: shown.name, displays_count: 2 }),
    ]);
  });

  it("searches runners with ?search=", async () => {
    const { token } = await caller({ sys_dev: true });
    const tag = uid().slice(0, 8);
    const runner = await makeRunner(`Chromium ${tag}`);
    await makeRunner(`Android ${tag}`);
    const list = RunnerList.parse(await (await api(`/api/runner/items/?search=chromium ${tag}`, { token })).json());
    expect(list.runners.map((r) => r.uuid)).toEqual([runner.uuid]);
    expect(list.objects_count).toBe(1);
  });
});

describe("Application documents", () => {
  it("creates, reads and replaces an application; unknown fields are kept, known ones validated", async () => {
    const { token, user } = await caller({ super_admin: true });
    const name = `Kiosk ${uid().slice(0, 8)}`;
    const document = { name: `  ${name}  `, template: template([textOption]), vendor: { build: 7 }, tags: ["a"] };
    const created = await api("/api/application/add/", { method: "POST", token, json: document });
    expect(created.status).toBe(201);
    const app = Application.parse(await created.json());
    expect(app.document).toEqual({ ...document, name });
    expect(app.displays_count).toBe(0);
    const stored = await db().select().from(applicationTable).where(eq(applicationTable.id, app.id)).get();
    expect(stored).toMatchObject({
      name,
      config: { template: template([textOption]), vendor: { build: 7 }, tags: ["a"] },
    });

    const read = Application.parse(await (await api(`/api/application/${app.id}/`, { token })).json());
    expect(read.document).toEqual(app.document);

    const next = { name, template: template([{ ...textOption, name: "Home page", extra: true }]) };
    const saved = await api(`/api/application/${app.id}/`, { method: "PATCH", token, json: next });
    expect(saved.status).toBe(200);
    expect(Application.parse(await saved.json()).document).toEqual(next);

    const entries = await auditOf(app.uuid);
    expect(entries.map((e) => e.action)).toEqual(["application.create", "application.update"]);
    expect(entries[1]).toMatchObject({
      space_uuid: null,
      actor_user_uuid: user.uuid,
      entity_type: "application",
      before: { name, template: template([textOption]), vendor: { build: 7 }, tags: ["a"] },
      after: next,
    });
  });

  it("answers 400 with each problem under its JSON path", async () => {
    const { token } = await caller({ super_admin: true });
    const app = await makeApplication();
    const res = await api(`/api/application/${app.id}/`, {
      method: "PATCH",
      token,
      json: {
        name: "",
        template: template([
          { type: "slider", deterministic_id: "a", name: "A" },
          { type: "select", deterministic_id: "a", name: "B" },
          { type: "toggle", deterministic_id: "c", name: "C", default_value: "yes" },
          { type: "radio", deterministic_id: "d", name: "D", possibilities: [{ value: 1 }] },
        ]),
      },
    });
    expect(res.status).toBe(400);
    const errors = await errorsOf(res);
    expect(errors?.name).toEqual(["Required"]);
    expect(errors?.["template.configurable_options.0.type"]?.[0]).toMatch(/text_input/);
    expect(errors?.["template.configurable_options.1.possibilities"]).toEqual([
      "A select or radio option needs at least one possibility.",
    ]);
    expect(errors?.["template.configurable_options.1.deterministic_id"]).toEqual([
      "Another option of this template has the same deterministic_id.",
    ]);
    expect(errors?.["template.configurable_options.2.default_value"]).toEqual([
      "The default value of a toggle is true or false.",
    ]);
    expect(errors?.["template.configurable_options.3.possibilities.0.name"]).toEqual([
      "A possibility needs a name or a text.",
    ]);
    const missing = await api("/api/application/add/", { method: "POST", token, json: { template: {} } });
    expect(await errorsOf(missing)).toMatchObject({
      name: ["Required"],
      "template.header": ["Required"],
      "template.configurable_options": ["Required"],
    });
    expect((await db().select().from(applicationTable).where(eq(applicationTable.id, app.id)).get())?.name).toBe(
      app.name,
    );
  });

  it("answers 400 for a body that is not JSON, saying where it breaks", async () => {
    const { token } = await caller({ super_admin: true });
    const res = await api("/api/application/add/", {
      method: "POST",
      token,
      headers: { "Content-Type": "application/json" },
      body: '{ "name": "x", }',
    });
    expect(res.status).toBe(400);
    const body = ApiErrorBody.parse(await res.json());
    expect(body.message).toBe("The request body is not valid JSON.");
    expect(body.errors?.non_field_errors?.[0]).toMatch(/position|column/i);
  });

  it("keeps names unique whatever their case", async () => {
    const { token } = await caller({ super_admin: true });
    const taken = await makeApplication(`Taken ${uid().slice(0, 8)}`);
    const other = await makeApplication();
    const add = await api("/api/application/add/", { method: "POST", token, json: { name: taken.name.toUpperCase() } });
    expect(add.status).toBe(400);
    expect(await errorsOf(add)).toEqual({ name: ["An application with this name already exists."] });
    const rename = await api(`/api/application/${other.id}/`, { method: "PATCH", token, json: { name: taken.name } });
    expect(await errorsOf(rename)).toEqual({ name: ["An application with this name already exists."] });
    // Its own name, in another case, is no conflict.
    const same = await api(`/api/application/${taken.id}/`, {
      method: "PATCH",
      token,
      json: { name: taken.name.toLowerCase() },
    });
    expect(same.status).toBe(200);
  });

  it("answers 404 for an unknown or non-numeric id", async () => {
    const { token } = await caller({ sys_dev: true });
    expect((await api("/api/application/99999999/", { token })).status).toBe(404);
    expect((await api("/api/application/abc/", { token })).status).toBe(404);
    expect((await api(`/api/runner/${uid()}`, { token })).status).toBe(404);
  });

  it("shows a saved template on the Peripherals tab of a device", async () => {
    const { token } = await caller({ super_admin: true });
    const app = await makeApplication();
    const member = await memberOf("viewer");
    const device = await makeDevice(member.space.space_uuid);
    await api(`/api/application/${app.id}/`, {
      method: "PATCH",
      token,
      json: { name: app.name, template: template([textOption]) },
    });
    const res = await api(`/api/space/${member.space.space_uuid}/device/${device.uuid}/application/items/`, {
      token: member.token,
    });
    const listed = DeviceApplications.parse(await res.json()).applications.find((a) => a.uuid === app.uuid);
    expect(listed?.template?.configurable_options).toEqual([textOption]);
  });
});

describe("DELETE /api/application/{id}/", () => {
  it("refuses an application shown on displays with 409 naming them and their devices", async () => {
    const { token } = await caller({ sys_dev: true });
    const app = await makeApplication();
    const space = await makeSpace({ space_name: "Harbour" });
    const device = await makeDevice(space.space_uuid, { name: "Kiosk 12" });
    const display = await makeDisplay(device, { name: "HDMI-1@DELL P2422H" });
    await db()
      .insert(displayApplicationTable)
      .values({ display_uuid: display.uuid, application_uuid: app.uuid, space_uuid: space.space_uuid });
    const res = await api(`/api/application/${app.id}/`, { method: "DELETE", token });
    expect(res.status).toBe(409);
    expect(ApiErrorBody.parse(await res.json()).message).toBe(
      `${app.name} cannot be deleted: it is shown on 1 display(s): HDMI-1 on Kiosk 12 (Harbour).`,
    );
    expect(await db().select().from(applicationTable).where(eq(applicationTable.id, app.id)).get()).toBeTruthy();
    expect(await auditOf(app.uuid)).toEqual([]);

    await db().delete(displayApplicationTable).where(eq(displayApplicationTable.application_uuid, app.uuid));
    expect((await api(`/api/application/${app.id}/`, { method: "DELETE", token })).status).toBe(204);
    const [entry] = await auditOf(app.uuid);
    expect(entry).toMatchObject({ action: "application.delete", space_uuid: null, before: { name: app.name } });
  });
});

describe("Runner documents", () => {
  it("creates, replaces and deletes a runner (system developer), audited", async () => {
    const { token, user } = await caller({ sys_dev: true });
    const name = `Runner ${uid().slice(0, 8)}`;
    const created = await api("/api/runner/add/", {
      method: "POST",
      token,
      json: { name, engine: "chromium", flags: ["--kiosk"] },
    });
    expect(created.status).toBe(201);
    const runner = Runner.parse(await created.json());
    expect(runner.document).toEqual({ name, engine: "chromium", flags: ["--kiosk"] });
    const bad = await api(`/api/runner/${runner.uuid}`, { method: "PATCH", token, json: { engine: 1 } });
    expect(await errorsOf(bad)).toEqual({ name: ["Required"] });
    const edited = await api(`/api/runner/${runner.uuid}`, {
      method: "PATCH",
      token,
      json: { name, engine: "webkit" },
    });
    expect(Runner.parse(await edited.json()).document).toEqual({ name, engine: "webkit" });
    expect((await api(`/api/runner/${runner.uuid}`, { method: "DELETE", token })).status).toBe(204);
    const entries = await auditOf(runner.uuid);
    expect(entries.map((e) => [e.action, e.actor_user_uuid, e.space_uuid])).toEqual([
      ["runner.create", user.uuid, null],
      ["runner.update", user.uuid, null],
      ["runner.delete", user.uuid, null],
    ]);
  });
});

describe("GET …/history/", () => {
  it("lists a record's changes newest first: who, when and which values", async () => {
    const { token, user } = await caller({ super_admin: true });
    const created = Application.parse(
      await (
        await api("/api/application/add/", {
          method: "POST",
          token,
          json: { name: `History ${uid().slice(0, 8)}`, template: template([textOption]) },
        })
      ).json(),
    );
    const next = { ...created.document, template: template([{ ...textOption, name: "Home page" }]), color: "red" };
    await api(`/api/application/${created.id}/`, { method: "PATCH", token, json: next });
    const res = await api(`/api/application/${created.id}/history/`, { token });
    const { history, objects_count } = ChangeHistory.parse(await res.json());
    expect(objects_count).toBe(2);
    expect(history.map((h) => h.action)).toEqual(["update", "create"]);
    expect(history[0].actor).toEqual({ uuid: user.uuid, display_name: user.display_name, email: user.email });
    expect(history[0].changes).toEqual([
      { path: "template.configurable_options.0.name", before: "Start page", after: "Home page" },
      { path: "color", after: "red" },
    ]);
    expect(history[1].changes).toEqual([]);
    const stored = await db()
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.entity_uuid, created.uuid), eq(auditLogTable.action, "application.update")))
      .get();
    expect(stored?.actor_user_uuid).toBe(user.uuid);
  });
});
