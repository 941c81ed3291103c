import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Comment, CommentList, DisplayCommentReply } from "../../contracts/comments/schema.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { commentTable, spaceAccountTable } from "../../drizzle/schema/index.ts";
import {
  api,
  auditOf,
  db,
  errorsOf,
  makeComment,
  makeDevice,
  makeDisplay,
  makePeripheral,
  memberOf,
  uid,
} from "../factories.ts";

const storedComment = (uuid: string) => db().select().from(commentTable).where(eq(commentTable.uuid, uuid)).get();

describe("device comments", () => {
  it("adds a comment as the caller (whatever account_uuid says) and lists it newest first", async () => {
    const author = await memberOf("content_manager");
    const s = author.space.space_uuid;
    const other = await memberOf("admin", author.space);
    await db()
      .update(spaceAccountTable)
      .set({ online: true })
      .where(eq(spaceAccountTable.account_uuid, author.account.account_uuid));
    const device = await makeDevice(s);
    const older = await makeComment(device, other.user.uuid, { created_at: "2026-01-01T00:00:00.000Z" });
    await makeComment(device, author.user.uuid, { display_uuid: (await makeDisplay(device)).uuid });

    const res = await api(`/api/space/${s}/device/${device.uuid}/comment/add/`, {
      method: "POST",
      token: author.token,
      json: { account_uuid: other.account.account_uuid, value: "  Screen flickers  " },
    });
    expect(res.status).toBe(201);
    const comment = Comment.parse(await res.json());
    expect(comment).toMatchObject({
      value: "Screen flickers",
      device_uuid: device.uuid,
      display_uuid: null,
      author_account_uuid: author.account.account_uuid,
      account_display_name: author.user.display_name,
      account_online: true,
    });
    expect((await storedComment(comment.uuid))?.author_user_uuid).toBe(author.user.uuid);
    const audit = await auditOf(comment.uuid);
    expect(audit.map((e) => e.action)).toEqual(["comment.create"]);

    const viewer = await memberOf("viewer", author.space);
    const list = CommentList.parse(
      await (await api(`/api/space/${s}/device/${device.uuid}/comment/items/`, { token: viewer.token })).json(),
    );
    expect(list.comments.map((c) => c.uuid)).toEqual([comment.uuid, older.uuid]);
    expect(list.comments[1]).toMatchObject({ author_account_uuid: other.account.account_uuid, account_online: false });
  });

  it("validates the value", async () => {
    const { space, token } = await memberOf("content_manager");
    const device = await makeDevice(space.space_uuid);
    const add = (json: unknown) =>
      api(`/api/space/${space.space_uuid}/device/${device.uuid}/comment/add/`, { method: "POST", token, json });
    expect(await errorsOf(await add({}))).toEqual({ value: ["Required"] });
    expect(await errorsOf(await add({ value: "   " }))).toEqual({ value: ["This field may not be blank."] });
    expect(await errorsOf(await add({ value: "x".repeat(1001) }))).toEqual({
      value: ["Ensure this field has no more than 1000 characters."],
    });
  });

  it("lets only the author edit or delete; Viewers cannot comment", async () => {
    const author = await memberOf("content_manager");
    const s = author.space.space_uuid;
    const admin = await memberOf("admin", author.space);
    const viewer = await memberOf("viewer", author.space);
    const device = await makeDevice(s);
    const comment = await makeComment(device, author.user.uuid, { value: "Mine" });
    const path = `/api/space/${s}/device/${device.uuid}/comment/${comment.uuid}/`;

    const foreign = await api(path, { method: "DELETE", token: admin.token });
    expect(foreign.status).toBe(403);
    expect(ApiErrorBody.parse(await foreign.json())).toMatchObject({
      message: "Only the author can change or delete this comment.",
    });
    expect((await api(path, { method: "PATCH", token: admin.token, json: { value: "x" } })).status).toBe(403);
    const add = await api(`/api/space/${s}/device/${device.uuid}/comment/add/`, {
      method: "POST",
      token: viewer.token,
      json: { value: "hi" },
    });
    expect(add.status).toBe(403);
    expect((await api(path, { method: "DELETE" })).status).toBe(401);
    expect((await storedComment(comment.uuid))?.value).toBe("Mine");

    const edited = await api(path, { method: "PATCH", token: author.token, json: { value: "Edited" } });
    expect(edited.status).toBe(200);
    expect(Comment.parse(await edited.json()).value).toBe("Edited");
    expect((await api(path, { method: "DELETE", token: author.token })).status).toBe(204);
    expect(await storedComment(comment.uuid)).toBeUndefined();
    expect((await api(path, { method: "DELETE", token: author.token })).status).toBe(404);
  });

  it("does not reach another space's device or comment", async () => {
    const a = await memberOf("content_manager");
    const b = await memberOf("content_manager");
    const device = await makeDevice(b.space.space_uuid);
    const comment = await makeComment(device, a.user.uuid);
    const s = a.space.space_uuid;
    expect((await api(`/api/space/${s}/device/${device.uuid}/comment/items/`, { token: a.token })).status).toBe(404);
    const del = await api(`/api/space/${s}/device/${device.uuid}/comment/${comment.uuid}/`, {
      method: "DELETE",
      token: a.token,
    });
    expect(del.status).toBe(404);
    const mine = await makeDevice(s);
    const wrongDevice = await api(`/api/space/${s}/device/${mine.uuid}/comment/${comment.uuid}/`, {
      method: "DELETE",
      token: a.token,
    });
    expect(wrongDevice.status).toBe(404);
    expect(await storedComment(comment.uuid)).toBeDefined();
  });
});

describe("display and peripheral comments", () => {
  it("lists, adds, edits and deletes under a display; deletes by the display's own path", async () => {
    const { space, token, user } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    const display = await makeDisplay(device);
    await makeComment(device, user.uuid, { value: "on the device" });
    const base = `/api/space/${s}/device/${device.uuid}/display/${display.uuid}/comment`;
    await makeComment(device, user.uuid, {
      display_uuid: display.uuid,
      value: "Flickers",
      created_at: "2026-01-01T00:00:00.000Z",
    });
    // devices.md §7: under a display the replies use a comments list (the display's, newest first).
    const added = DisplayCommentReply.parse(
      await (await api(`${base}/add/`, { method: "POST", token, json: { value: "Dead pixel" } })).json(),
    );
    expect(added.display_uuid).toBe(display.uuid);
    expect(added.comments.map((c) => c.value)).toEqual(["Dead pixel", "Flickers"]);
    const list = CommentList.parse(await (await api(`${base}/items/`, { token })).json());
    expect(list.comments.map((c) => c.value)).toEqual(["Dead pixel", "Flickers"]);
    const edited = await api(`${base}/${added.uuid}/`, { method: "PATCH", token, json: { value: "Two pixels" } });
    const editedReply = DisplayCommentReply.parse(await edited.json());
    expect(editedReply.value).toBe("Two pixels");
    expect(editedReply.comments.map((c) => c.value)).toEqual(["Two pixels", "Flickers"]);
    const res = await api(`/api/space/${s}/display/${display.uuid}/comment/${added.uuid}/`, {
      method: "DELETE",
      token,
    });
    expect(res.status).toBe(204);
    expect(await storedComment(added.uuid)).toBeUndefined();
    const deviceList = CommentList.parse(
      await (await api(`/api/space/${s}/device/${device.uuid}/comment/items/`, { token })).json(),
    );
    expect(deviceList.comments.map((c) => c.value)).toEqual(["on the device"]);
  });

  it("works the same under a peripheral and checks the peripheral belongs to the device", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    const peripheral = await makePeripheral(device);
    const base = `/api/space/${s}/device/${device.uuid}/peripherals/${peripheral.uuid}/comment`;
    const res = await api(`${base}/add/`, { method: "POST", token, json: { value: "Jammed" } });
    expect(res.status).toBe(201);
    const addedBody = await res.json();
    const added = Comment.parse(addedBody);
    expect(added.peripheral_uuid).toBe(peripheral.uuid);
    expect(addedBody).not.toHaveProperty("comments");
    const elsewhere = await makeDevice(s);
    const wrong = await api(`/api/space/${s}/device/${elsewhere.uuid}/peripherals/${peripheral.uuid}/comment/items/`, {
      token,
    });
    expect(wrong.status).toBe(404);
    expect(ApiErrorBody.parse(await wrong.json())).toMatchObject({ message: "Peripheral not found." });
    expect(
      (await api(`/api/space/${s}/peripherals/${uid()}/comment/${added.uuid}/`, { method: "DELETE", token })).status,
    ).toBe(404);
    const del = await api(`/api/space/${s}/peripherals/${peripheral.uuid}/comment/${added.uuid}/`, {
      method: "DELETE",
      token,
    });
    expect(del.status).toBe(204);
  });
});
