import { readFileSync } from "node:fs";
import { DEMO_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { ARTIFACTS, bearer, screenshot, screenshotSizes, signIn } from "./support.ts";
import { expect, test } from "./test.ts";

const API = `/api/space/${DEMO_SPACE_UUID}`;

test("an Admin opens the audit log, filters it to one device, opens an entry, exports and verifies", async ({
  page,
  request,
}) => {
  // A change to one device, through the API, for the log to show.
  const auth = await bearer(request);
  const list = await (await request.get(`${API}/device/items/?page_size=5`, { headers: auth })).json();
  const device = (list.devices as { uuid: string; name: string; description: string | null }[])[0];
  expect(device).toBeDefined();
  if (!device) return;
  const stamp = `Audited ${Date.now().toString(36)}`;
  const edit = await request.patch(`${API}/device/${device.uuid}/`, { headers: auth, data: { description: stamp } });
  expect(edit.status()).toBe(200);

  await signIn(page);
  await page.getByRole("link", { name: "Accounts" }).click();
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/accounts\/audit$/);
  const table = page.getByRole("table", { name: "Audit log" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();

  // Filter to the device: only its entries remain, the newest (the edit) first.
  await page.getByRole("combobox", { name: "Device" }).click();
  await page.getByRole("combobox", { name: "Search devices" }).fill(device.name);
  await page.getByRole("option", { name: device.name, exact: true }).click();
  const first = table.getByRole("row").nth(1);
  await expect(first).toContainText("device.update");
  // Every row is about that device, named as it was then.
  await expect(first).toContainText(device.name);
  await expect(table.getByRole("row").filter({ hasText: "device." }).filter({ hasNotText: device.name })).toHaveCount(
    0,
  );

  // The entry opens its before/after.
  await first.click();
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByRole("row").filter({ hasText: "description" })).toContainText(stamp);
  await screenshot(page, `${ARTIFACTS}/audit-entry.png`);
  await page.keyboard.press("Escape");

  // Export of the filtered range: a CSV with the header and the device's rows.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = readFileSync((await (await download).path()) ?? "", "utf8");
  expect(csv.split("\r\n")[0]).toMatch(/^seq,created_at,actor_kind/);
  expect(csv).toContain(stamp);

  // Verify: the chain holds.
  await page.getByRole("button", { name: "Verify chain" }).click();
  await expect(page.getByTestId("audit-verify-result")).toContainText(/Chain intact: \d+ entries checked/);
  await screenshotSizes(page, "audit-log");

  // A Viewer is refused, in words.
  const viewer = await request.get(`${API}/audit/items/`, { headers: await bearer(request, "viewer@outpost.demo") });
  expect(viewer.status()).toBe(403);
  expect((await viewer.json()).message).toBe("Only Admins may read the audit log.");

  await request.patch(`${API}/device/${device.uuid}/`, {
    headers: auth,
    data: { description: device.description ?? "" },
  });
});
