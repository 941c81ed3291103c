import { AgentSession } from "../../agent/session.ts";
import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import type { Telemetry } from "../../contracts/devices/telemetry.ts";
import { ARTIFACTS, bearer, screenshot, setTheme, signIn } from "./support.ts";
import { type APIRequestContext, expect, type Page, test } from "./test.ts";

/**
 * Monitor: the Activity lists with the demo seed, a device leaving "Connected online"
 * for "Disconnected" live, the Performance counts narrowing the list to a critical device, and
 * health on the device list — through the real Worker and a real agent session (no mocks).
 */

const VIEWPORTS = [
  { name: "1440x900", width: 1440, height: 900 },
  { name: "390x844", width: 390, height: 844 },
  { name: "1920x1080", width: 1920, height: 1080 },
] as const;

/** A hot kiosk: CPU at 95 °C (critical, contracts/devices/health.ts THRESHOLDS), the rest healthy. */
function hotTelemetry(): Telemetry {
  const gb = 1024 ** 3;
  return {
    cpu: { status: 0, cores: 4, threads: 8, load1: 1.2, load5: 1, load15: 0.8 },
    uptime: { status: 0, uptime: 86_400, idle: 40_000 },
    ram: { status: 0, total: 8 * gb, free: 5 * gb, swap_total: 0, swap_free: 0 },
    storage: { status: 0, partitions: [{ name: "/", size: 128 * gb, free: 90 * gb }] },
    network: { status: 0, devices: [{ name: "eth0", rx_bytes: 1e8, tx_bytes: 2e7, up: true }] },
    thermal: { status: 3, cpu_temperature: 95 },
  } as Telemetry;
}

/** A new device in the lab space, enrolled as an agent would be, sending `telemetry` over a real session. */
async function startHotAgent(request: APIRequestContext, baseURL: string) {
  const auth = await bearer(request);
  const api = `/api/space/${LAB_SPACE_UUID}`;
  const { locations } = await (await request.get(`${api}/location/items/`, { headers: auth })).json();
  const name = `E2E Hot ${Date.now().toString(36)}`;
  const added = await request.post(`${api}/device/add/`, {
    headers: auth,
    data: { name, location: (locations[0] as { uuid: string }).uuid },
  });
  expect(added.status()).toBe(201);
  const { uuid } = (await added.json()) as { uuid: string };
  const reset = await request.post(`${api}/device/${uuid}/installation-code/reset/`, { headers: auth });
  const { installation_code_value: code } = await reset.json();
  const enrolled = await request.post("/api/agent/enroll/", {
    data: { code, machine_id: `e2e-hot-${uuid.slice(0, 8)}`, inventory: { device_type: "linux" } },
  });
  expect(enrolled.status()).toBe(200);
  const { credential } = await enrolled.json();
  const url = new URL(`/parties/device/${uuid}`, baseURL);
  url.protocol = "ws:";
  const session = new AgentSession({
    url: url.toString(),
    credential,
    machine: {
      inventory: async () => ({ machine_id: `e2e-hot-${uuid.slice(0, 8)}`, inventory: { device_type: "linux" } }),
      telemetry: async () => hotTelemetry(),
      execute: async () => ({ ok: true }),
    },
  }).start();
  await expect
    .poll(async () => (await (await request.get(`${api}/device/${uuid}/`, { headers: auth })).json()).combined_status, {
      timeout: 30_000,
    })
    .toBe(3);
  return { uuid, name, session };
}

async function switchToLabSpace(page: Page) {
  await page.evaluate((space) => localStorage.setItem("outpost.space", space), LAB_SPACE_UUID);
}

async function screenshots(page: Page, path: string, name: string, ready: () => Promise<void>) {
  for (const theme of ["light", "dark"] as const) {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      // On a phone the operator collapses the navigation (the shell does not do it by itself).
      const sidebar = viewport.width < 640 ? "collapsed" : "expanded";
      await page.evaluate((value) => localStorage.setItem("outpost.sidebar", value), sidebar);
      await page.goto(path);
      await setTheme(page, theme);
      await ready();
      await screenshot(page, `${ARTIFACTS}/monitor-${name}-${viewport.name}-${theme}.png`);
    }
  }
  await setTheme(page, "light");
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("Activity lists the demo devices: six lists, each with rows, times and View all", async ({ page }) => {
  await signIn(page);
  await page.goto("/activity");
  for (const title of [
    "Latest added",
    "Connected",
    "Edited",
    "Disconnected",
    "Connected online",
    "Connected offline",
  ]) {
    await expect(page.getByRole("region", { name: title, exact: true })).toBeVisible();
  }
  const added = page.getByTestId("activity-added");
  await expect(added.getByTestId("activity-row")).toHaveCount(8);
  // Relative times: the demo's newest device is a day or more old ("yesterday") unless an earlier
  // spec of the run added one ("… ago").
  await expect(added.getByTestId("activity-row").first().locator("time")).toHaveText(/ago|now|yesterday/);
  // Disconnected lists only offline devices, newest loss first.
  const disconnected = page.getByTestId("activity-disconnected");
  await expect(disconnected.getByTestId("activity-row").first()).toBeVisible();
  await expect(disconnected.locator('[data-look="online"]')).toHaveCount(0);

  // View all opens the device list with the same filter and ordering.
  await disconnected.getByRole("link", { name: "View all: Disconnected" }).click();
  // The filter stays in the URL: a reload or a shared link shows the same list.
  await expect(page).toHaveURL(/\/devices\?.*online=false/);
  await expect(page.getByRole("combobox", { name: "Online" })).toContainText("Offline");
  await expect(page.getByRole("combobox", { name: "Sort devices" })).toContainText("Last seen (newest)");

  // A row opens the device flyout.
  await page.goto("/activity");
  const first = added.getByTestId("activity-row").first();
  const deviceName = (await first.locator("span.font-medium").textContent()) ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/devices\/device\/view\/[^/]+\/[^/]+\/general$/);
  await expect(page.getByRole("dialog").getByRole("heading", { name: deviceName })).toBeVisible();
  // Closing it comes back to Activity.
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/activity$/);
});

test("a critical device: leaves Connected online live, narrows Performance, leads Problems first", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const hot = await startHotAgent(request, baseURL ?? "");
  try {
    await signIn(page);
    await switchToLabSpace(page);
    await page.goto("/activity");
    const online = page.getByTestId("activity-connectedOnline");
    const disconnected = page.getByTestId("activity-disconnected");
    await expect(online.locator(`[data-uuid="${hot.uuid}"]`)).toBeVisible();
    await expect(disconnected.locator(`[data-uuid="${hot.uuid}"]`)).toHaveCount(0);

    // The agent goes away: the room tells the space, and the lists follow without a reload.
    const stoppedAt = Date.now();
    hot.session.stop();
    await expect(disconnected.locator(`[data-uuid="${hot.uuid}"]`)).toBeVisible({ timeout: 30_000 });
    test.info().annotations.push({ type: "moved to Disconnected after", description: `${Date.now() - stoppedAt} ms` });
    await expect(online.locator(`[data-uuid="${hot.uuid}"]`)).toHaveCount(0);
    await expect(disconnected.locator(`[data-uuid="${hot.uuid}"] [data-look="offline"]`)).toBeVisible();

    // Performance: the CPU temperature tile counts it as critical; clicking the count narrows the list.
    await page.goto("/performance");
    const critical = page.getByTestId("count-thermal-3");
    await expect(critical).toHaveText(/^[1-9]\d*$/);
    const cards = page.getByTestId("monitoring-card");
    await expect(cards.first()).toBeVisible();
    await critical.click();
    await expect(page.getByTestId("count-chip")).toContainText("CPU temperature: Critical");
    await expect(cards.filter({ hasText: hot.name })).toBeVisible();
    const narrowed = Number(await critical.textContent());
    await expect(cards).toHaveCount(narrowed);
    for (const card of await cards.all()) await expect(card).toContainText("CPU temperature");
    await page.getByTestId("count-chip").click();
    await expect(page.getByTestId("count-chip")).toHaveCount(0);

    // A device opens its health report.
    await cards.filter({ hasText: hot.name }).click();
    await expect(page).toHaveURL(new RegExp(`/performance/device/view/${LAB_SPACE_UUID}/${hot.uuid}/general$`));

    // Device list: the card shows its health; Problems first puts a critical device first.
    await page.goto("/devices");
    await page.getByRole("combobox", { name: "Sort devices" }).click();
    await page.getByRole("option", { name: "Problems first" }).click();
    const list = page.getByRole("list", { name: "Devices" });
    const firstCard = list.getByRole("listitem").first();
    await expect(firstCard.locator("[data-health]")).toHaveAttribute("data-health", "3");
    // Stopped, so offline: its health is what it last reported, and says so.
    await expect(list.getByRole("link").filter({ hasText: hot.name }).locator("[data-health]")).toHaveText(
      "Critical · last known",
    );
    await screenshot(page, `${ARTIFACTS}/monitor-devices-problems-first.png`);

    await screenshots(page, "/activity", "activity", async () => {
      await expect(page.getByTestId("activity-row").first()).toBeVisible();
    });
    await screenshots(page, "/performance", "performance", async () => {
      await expect(page.getByTestId("monitoring-card").first()).toBeVisible();
    });
  } finally {
    hot.session.stop();
  }
});
