import { DEMO_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { bearer, KEEP_SCREENSHOTS, screenshotSizes, signIn } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * Alerting, as an operator meets it: an Admin creates a rule on the Alerting settings page, devices
 * of its location go offline, the incident appears on the Incidents page without a reload, is
 * acknowledged with a note from a keyboard-driven dialog, shows in the bell after a reload, and
 * resolves live when the devices recover. The devices' offline state is driven through the dev
 * route that opens (and recovers) an incident as the rule's room evaluation would once its duration
 * has passed (/dev/alerting/trigger, /dev/alerting/recover: DEV_ROUTES only), so nothing here
 * waits for a clock. The rule also counts outside working hours, so the test holds at any hour;
 * suppression by working time and maintenance is the Worker tests' (a clock they control).
 */
const API = `/api/space/${DEMO_SPACE_UUID}`;

type Listed = { uuid: string; name: string; location_uuid: string | null; location_name: string | null };

test("a rule opens an incident live; it is acknowledged with a note and resolves when the devices recover", async ({
  page,
  request,
}) => {
  // Twelve screenshots (three sizes, light and dark, twice) when this run keeps them.
  if (KEEP_SCREENSHOTS) test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const ruleName = `Offline e2e ${stamp}`;
  const auth = await bearer(request);

  // A location of the demo space with at least two devices.
  const listed = await request.get(`${API}/device/items/`, { headers: auth, params: { page_size: 200 } });
  expect(listed.status()).toBe(200);
  const byLocation = new Map<string, Listed[]>();
  for (const device of ((await listed.json()) as { devices: Listed[] }).devices) {
    if (!device.location_uuid) continue;
    byLocation.set(device.location_uuid, [...(byLocation.get(device.location_uuid) ?? []), device]);
  }
  const [locationUuid, devices] = [...byLocation.entries()]
    .filter(([, list]) => list.length >= 2)
    .sort(([, a], [, b]) => (a[0]?.location_name ?? "").localeCompare(b[0]?.location_name ?? ""))[0] ?? ["", []];
  expect(devices.length).toBeGreaterThanOrEqual(2);
  const locationName = devices[0]?.location_name ?? "";
  const offline = devices.slice(0, 2);

  // The Admin creates the rule in the settings: device offline (also when closed), this location, at once.
  await signIn(page);
  await page.goto("/alert-rules");
  await page.getByRole("button", { name: "New rule" }).click();
  const form = page.getByRole("dialog", { name: "New rule" });
  await form.getByLabel("Name").fill(ruleName);
  await form.getByLabel("Also outside working hours").check();
  await form.getByLabel("Scope").selectOption("locations");
  await form.getByRole("combobox", { name: "Locations" }).click();
  await page.getByRole("combobox", { name: "Search" }).fill(locationName);
  await page
    .getByRole("option", { name: new RegExp(locationName) })
    .first()
    .click();
  await page.keyboard.press("Escape");
  await form.getByLabel("Duration (minutes)").fill("0");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${ruleName} was saved`)).toBeVisible();
  const row = page.getByTestId("rule-row").filter({ hasText: ruleName });
  await expect(row).toContainText("Locations: 1");
  await expect(row).toContainText("At once");
  const rules = (await (await request.get(`${API}/alert-rule/items`, { headers: auth })).json()) as {
    rules: { uuid: string; name: string }[];
  };
  const rule = rules.rules.find((r) => r.name === ruleName);
  expect(rule).toBeDefined();
  const signal = { space_uuid: DEMO_SPACE_UUID, rule_uuid: rule?.uuid, location_uuid: locationUuid };

  try {
    // The Incidents page is open when the devices go offline: the incident arrives over the space room.
    await page.goto("/incidents");
    await expect(page.getByTestId("incidents")).toBeVisible();
    const triggered = await request.post("/dev/alerting/trigger", {
      data: { ...signal, device_uuids: offline.map((d) => d.uuid) },
    });
    expect(triggered.status()).toBe(200);
    const incident = page.getByTestId("incident-row").filter({ hasText: ruleName });
    await expect(incident).toHaveAttribute("data-state", "open");
    await expect(incident.getByTestId("incident-location")).toHaveText(locationName);
    await expect(incident.getByTestId("incident-device")).toHaveCount(2);
    await expect(incident.getByTestId("incident-age")).toContainText("Open for");

    // Acknowledge from the detail, with a note, by keyboard (Ctrl+Enter in the note).
    await incident.getByTestId("incident-open").click();
    const detail = page.getByTestId("incident-detail");
    await expect(detail.getByTestId("incident-devices").getByRole("link")).toHaveCount(2);
    await expect(page.getByTestId("incident-timeline")).toContainText("Incident opened");
    await page.getByRole("dialog").getByRole("button", { name: "Acknowledge" }).click();
    const ack = page.getByRole("dialog", { name: "Acknowledge the incident" });
    await expect(ack.getByLabel("Note (optional)")).toBeFocused();
    await page.keyboard.type("Store manager is restarting the switch");
    await page.keyboard.press("Control+Enter");
    await expect(page.getByText(`Incident at ${locationName} acknowledged`)).toBeVisible();
    await expect(ack).toBeHidden();
    // The Acknowledge button is gone with the open state: the focus lands on Resolve, not the page.
    await expect(page.getByRole("dialog").getByRole("button", { name: "Resolve" })).toBeFocused();
    await expect(detail).toHaveAttribute("data-state", "acknowledged");
    await expect(detail.getByTestId("incident-detail-ack")).toContainText(/\S/);
    await expect(page.getByTestId("incident-timeline")).toContainText("Store manager is restarting the switch");
    await screenshotSizes(page, "incident-detail");
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/incidents$/);
    await expect(incident).toHaveAttribute("data-state", "acknowledged");
    await expect(incident.getByTestId("incident-ack")).toContainText("Acknowledged by");
    await screenshotSizes(page, "incidents-page");

    // The bell reads incidents from the server: after a reload it still lists this one.
    await page.reload();
    await page.getByTestId("notifications-bell").click();
    await expect(page.getByTestId("bell-incident").filter({ hasText: ruleName }).first()).toBeVisible();
    await page.keyboard.press("Escape");

    // The devices recover: the incident resolves on the page, live.
    const recovered = await request.post("/dev/alerting/recover", {
      data: { ...signal, device_uuids: offline.map((d) => d.uuid) },
    });
    expect(recovered.status()).toBe(200);
    await expect(incident).toHaveAttribute("data-state", "resolved");
  } finally {
    // Its incidents stay in the history; a failed run must not hide why it failed.
    await request.delete(`${API}/alert-rule/${rule?.uuid}`, { headers: auth }).catch(() => {});
  }
});

test("Send test notification shows what the webhook receiver answered", async ({ page, request, baseURL }) => {
  const auth = await bearer(request);
  const name = `Receiver ${Date.now().toString(36)}`;
  // The dev receiver (DEV_ROUTES) checks the signature and answers; its address carries the channel's uuid.
  const added = await request.post(`${API}/alert-channel/add`, {
    headers: auth,
    data: { name, kind: "webhook", target: `${baseURL}/dev/alerting/webhook/pending` },
  });
  expect(added.status()).toBe(201);
  const { uuid } = (await added.json()) as { uuid: string };
  try {
    const target = `${baseURL}/dev/alerting/webhook/${uuid}`;
    expect((await request.patch(`${API}/alert-channel/${uuid}`, { headers: auth, data: { target } })).status()).toBe(
      200,
    );
    await signIn(page);
    await page.goto("/alert-channels");
    const row = page.getByTestId("channel-row").filter({ hasText: name });
    await row.getByRole("button", { name: "Send test notification" }).click();
    const result = page.getByRole("dialog", { name: `Test notification to ${name}` });
    await expect(result).toContainText("Delivered in");
    await expect(result.getByTestId("channel-test-status")).toHaveText("200");
    await expect(result.getByTestId("channel-test-result")).toContainText('"ok":true');
    await page.keyboard.press("Escape");
    await expect(result).toBeHidden();
  } finally {
    await request.delete(`${API}/alert-channel/${uuid}`, { headers: auth }).catch(() => {});
  }
});
