import { DEMO_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { DeviceList } from "../../contracts/devices/schema.ts";
import { bearer, signIn } from "./support.ts";
import { type APIRequestContext, expect, type Page, test } from "./test.ts";

/**
 * What a careful user tripped on: offline devices rank first and read as last known; the device
 * header shows its health, its cause and its actions; Performance's counts filter through the
 * URL; the wall is in the navigation and the palette; the wall names its offline devices and
 * says loudly when it is stale; the console says once when the server is gone, and recovers.
 */

const API = `/api/space/${DEMO_SPACE_UUID}`;

async function devices(request: APIRequestContext, query: string) {
  const res = await request.get(`${API}/device/items/?${query}`, { headers: await bearer(request) });
  expect(res.status()).toBe(200);
  return DeviceList.parse(await res.json()).devices;
}

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });

test("offline ranks first and reads as last known; the header shows health, its cause and the actions", async ({
  page,
  request,
}) => {
  // Problems first: connected devices that are offline lead, archived ones come last.
  const ranked = await devices(request, "ordering=-combined_status&page_size=100");
  expect(ranked[0]).toMatchObject({ connected_status: "connected", online: false });
  expect(ranked.at(-1)?.connected_status).toBe("archived");

  await signIn(page);
  // The wall is in the navigation.
  await expect(page.locator('nav a[href="/wall"]').first()).toContainText("Wall");
  await page.goto("/devices?online=false&ordering=-combined_status");
  const cards = page.locator("a[data-look]");
  await expect(cards.first()).toHaveAttribute("data-look", "offline");
  // No device that is not online shows a fresh verdict: every health badge is "last known".
  await expect(page.locator("a[data-look] [data-health-stale]").first()).toContainText("last known");
  await expect(page.locator("a[data-look] [data-health]:not([data-health-stale])")).toHaveCount(0);

  // The device header: the badge with its cause, the way to the health report, the actions.
  const [kiosk] = await devices(request, "search=PL%20Ticket%20Kiosk");
  await page.goto(`/devices/device/view/${DEMO_SPACE_UUID}/${kiosk?.uuid}/general`);
  const health = page.getByTestId("device-health-summary");
  await expect(health).toContainText("Critical");
  await expect(page.getByTestId("device-health-cause")).toContainText("Disk health");
  const toolbar = page.getByRole("toolbar", { name: "Device actions" });
  for (const name of ["Screenshot", "Terminal", "Reboot", "Shut Down"])
    await expect(toolbar.getByRole("button", { name, exact: true })).toBeVisible();
  // This device reports no VNC server: Remote Desktop is not offered.
  await expect(toolbar.getByRole("button", { name: "Remote Desktop", exact: true })).toHaveCount(0);
  // No agent runs here: the device's room finds it offline, and the actions wait for it, saying why.
  await expect(toolbar).toContainText("Offline: actions need the device online", { timeout: 15_000 });
  await expect(toolbar.getByRole("button", { name: "Reboot", exact: true })).toBeDisabled();
  await expect(health.locator("[data-health-stale]")).toContainText("last known");

  await health.click();
  await expect(page).toHaveURL(new RegExp(`/performance/device/view/${DEMO_SPACE_UUID}/${kiosk?.uuid}/general$`));
  await expect(page.getByRole("toolbar", { name: "Device actions" })).toBeVisible();

  // The palette offers the same actions on the report's device, and "wall" leads to the wall.
  await page.keyboard.press("Control+k");
  await expect(palette(page).getByRole("option", { name: /Shut down device/ })).toBeVisible();
  await expect(palette(page).getByRole("option", { name: /Open remote desktop/ })).toHaveCount(0);
  await palette(page).getByRole("combobox").fill("wall");
  await expect(palette(page).getByRole("option").first()).toContainText("Wall");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/wall$/);
});

test("Performance: a count filters the list through the URL; offline devices never read 'No warnings'", async ({
  page,
  request,
}) => {
  await signIn(page);
  await page.goto("/performance");
  const critical = page.locator('[data-testid^="count-"][data-testid$="-3"]:not([disabled])').first();
  await expect(critical).toBeVisible();
  const testId = (await critical.getAttribute("data-testid")) ?? "";
  const heading = testId.replace(/^count-/, "").replace(/-3$/, "");
  const value = Number(await critical.textContent());
  await critical.click();
  await expect(page).toHaveURL(new RegExp(`heading=${heading}&condition=3`));
  await expect(page.getByTestId("monitoring-card")).toHaveCount(value);
  // A reload (or a shared link) shows the same list.
  await page.reload();
  await expect(page.getByTestId("count-chip")).toBeVisible();
  await expect(page.getByTestId("monitoring-card")).toHaveCount(value);
  // The tile's name: its warnings and criticals together.
  await page.getByTestId(`count-${heading}-any`).click();
  await expect(page).toHaveURL(new RegExp(`heading=${heading}$`));

  const [offline] = await devices(request, "connected_status=connected&online=false");
  await page.goto(`/performance?name=${encodeURIComponent(offline?.name ?? "")}`);
  const card = page.getByTestId("monitoring-card").filter({ hasText: offline?.name ?? "" });
  await expect(card.getByTestId("monitoring-stale")).toContainText("Offline");
  await expect(card).not.toContainText("No warnings");
});

test("the console says once that the server is gone, freezes its counters, and recovers by itself", async ({
  page,
}) => {
  await signIn(page);
  const card = page.locator("a[data-look=online]").first();
  const streak = card.getByText(/Online for/);
  await expect(streak).toBeVisible();
  const name = (await card.locator("h3").textContent()) ?? "";
  // The server answers nothing: its API and its health check fail on the network.
  await page.route("**/api/**", (route) => route.abort());
  await page.route("**/healthz", (route) => route.abort());
  await page.getByRole("searchbox", { name: /Search by name/ }).fill(name);
  const banner = page.getByTestId("connection-banner");
  await expect(banner).toHaveText("Connection lost, retrying…");
  // One banner, not a failure per menu; the live counters stop.
  await page.getByRole("button", { name: "Views" }).click();
  await expect(page.getByText("This menu could not be loaded")).toHaveCount(0);
  await page.keyboard.press("Escape");
  const frozen = await streak.textContent();
  await page.waitForTimeout(2_100);
  expect(await streak.textContent()).toBe(frozen);
  // Back: the banner goes by itself and the search's list is read.
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await expect(banner).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator("a[data-look]").first()).toContainText(name);
  await expect(streak).not.toHaveText(frozen ?? "");
});

test("the wall names every offline device and says loudly when it is stale", async ({ page, context }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page);
  await page.goto("/wall?view=problems&rotate=0");
  const panel = page.getByTestId("wall-offline-devices");
  const total = page.getByTestId("wall-total-offline").getByTestId("value");
  await expect(total).toHaveText(/^\d+$/);
  const offline = Number(await total.textContent());
  await expect(panel.getByTestId("wall-offline-device")).toHaveCount(Math.min(offline, 12));
  if (offline > 0) await expect(panel.getByTestId("wall-offline-for").first()).toHaveText(/\d+ (s|min|h|d)/);
  await expect(page.getByTestId("wall-link")).toHaveAttribute("data-state", "live");

  // The network goes: a banner across the screen and dimmed figures; back, the ticker says what was missed.
  await context.setOffline(true);
  await expect(page.getByTestId("wall-stale-banner")).toContainText("Connection lost");
  await expect(page.locator("ul[data-stale]")).toHaveCSS("opacity", "0.35");
  await context.setOffline(false);
  await expect(page.getByTestId("wall-link")).toHaveAttribute("data-state", "live", { timeout: 20_000 });
  await expect(page.getByTestId("wall-stale-banner")).toHaveCount(0);
  await expect(page.locator('[data-testid="wall-ticker-item"][data-kind="gap"]')).toContainText("Link lost");

  // The map names its locations and its legend reads across a room (≥ 18 px at 1080p).
  await page.goto("/wall?view=overview&rotate=0");
  await expect(page.getByTestId("fleet-map-label").first()).toBeVisible({ timeout: 20_000 });
  const legendPx = await page
    .getByTestId("fleet-map-legend")
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(legendPx).toBeGreaterThanOrEqual(18);
});
