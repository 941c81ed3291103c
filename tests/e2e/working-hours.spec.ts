import { DEMO_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { DAY_KEYS, WorkingTime } from "../../contracts/locations/working-time.ts";
import { ARTIFACTS, bearer, screenshot, setTheme, signIn } from "./support.ts";
import { expect, type Page, test } from "./test.ts";

/**
 * Health on every card and row: an offline device inside its location's working
 * hours carries a warning marker. The demo's Zadar City Mall holds the seeded offline "ZD Parking
 * Pay Station"; its schedule is set through the API to cover now (every day, all day, so the test
 * does not depend on the hour), then emptied (no schedule: no marker), then put back.
 */
const API = `/api/space/${DEMO_SPACE_UUID}`;
const OFFLINE = "ZD Parking Pay Station";
const ONLINE = "ZD Info Kiosk North";

const search = (page: Page, text: string) =>
  page.getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag").fill(text);
const card = (page: Page, name: string) =>
  page.getByRole("list", { name: "Devices" }).getByRole("link", { name: new RegExp(name) });

test("an offline device inside its location's working hours is marked on cards and rows", async ({ page, request }) => {
  const auth = await bearer(request);
  const { locations } = await (await request.get(`${API}/location/items/?search=Zadar`, { headers: auth })).json();
  const mall = (locations as { uuid: string; name: string }[]).find((l) => l.name === "Zadar City Mall");
  expect(mall).toBeDefined();
  const path = `${API}/location/${mall?.uuid}/working-time/`;
  const saved = WorkingTime.parse(await (await request.get(path, { headers: auth })).json());
  const schedule = (entries: { start: string; end: string }[]) => ({
    ...Object.fromEntries(DAY_KEYS.map((key) => [key, entries])),
    global_working_time_enabled: false,
  });
  const patch = async (data: object) => expect((await request.patch(path, { headers: auth, data })).status()).toBe(200);

  try {
    await patch(schedule([{ start: "00:00:00", end: "23:59:59" }]));
    const api = await (await request.get(`${API}/device/items/?search=ZD`, { headers: auth })).json();
    const byName = new Map(
      (api.devices as { name: string; expected_online: boolean | null }[]).map((d) => [d.name, d]),
    );
    expect(byName.get(OFFLINE)?.expected_online).toBe(true);

    await signIn(page);
    await page.evaluate(() => localStorage.setItem("outpost.view", "grid"));
    await page.reload();
    await setTheme(page, "light");
    await search(page, "ZD ");
    const offline = card(page, OFFLINE);
    await expect(offline).toHaveAttribute("data-look", "offline");
    await expect(offline.getByTestId("offline-in-hours")).toHaveText("Offline in working hours");
    // An online device of the same location is inside the same hours but needs no marker.
    await expect(card(page, ONLINE)).toHaveAttribute("data-look", "online");
    await expect(card(page, ONLINE).getByTestId("offline-in-hours")).toHaveCount(0);
    await screenshot(page, `${ARTIFACTS}/working-hours-cards.png`);
    await setTheme(page, "dark");
    await screenshot(page, `${ARTIFACTS}/working-hours-cards-dark.png`);
    await setTheme(page, "light");

    await page.getByRole("button", { name: "Table view" }).click();
    const row = page.getByRole("table", { name: "Devices" }).getByRole("row", { name: new RegExp(OFFLINE) });
    const marker = row.getByTestId("offline-in-hours");
    await expect(marker).toBeVisible();
    await marker.hover();
    await expect(page.getByRole("tooltip")).toContainText("Offline in working hours: its location's working hours");
    await screenshot(page, `${ARTIFACTS}/working-hours-rows.png`);

    // Activity's "Disconnected" list (offline, latest last seen first, 8 rows) carries the same
    // marker. Devices other specs took offline may have pushed the seeded one out of its 8 rows, so
    // the newest installed one with a location is checked, its location's hours covering now.
    const listed = await (
      await request.get(`${API}/device/items/?online=false&ordering=-last_seen&page_size=8`, { headers: auth })
    ).json();
    type Listed = { uuid: string; connected_status: string; location_uuid: string | null; last_seen: string | null };
    const newest = (listed.devices as Listed[]).find(
      (d) => d.connected_status === "connected" && d.location_uuid && d.last_seen,
    );
    expect(newest).toBeDefined();
    const newestPath = `${API}/location/${newest?.location_uuid}/working-time/`;
    const newestSaved = WorkingTime.parse(await (await request.get(newestPath, { headers: auth })).json());
    try {
      const allDay = schedule([{ start: "00:00:00", end: "23:59:59" }]);
      expect((await request.patch(newestPath, { headers: auth, data: allDay })).status()).toBe(200);
      await page.goto("/activity");
      const activityRow = page
        .getByTestId("activity-disconnected")
        .locator(`[data-testid="activity-row"][data-uuid="${newest?.uuid}"]`);
      await expect(activityRow.getByTestId("offline-in-hours")).toBeVisible();
      await screenshot(page, `${ARTIFACTS}/working-hours-activity.png`);
    } finally {
      if (newest?.location_uuid !== mall?.uuid) await request.patch(newestPath, { headers: auth, data: newestSaved });
    }

    // Without any schedule the location expects nothing: the marker goes (after a reload).
    await patch(schedule([]));
    await page.goto("/devices");
    await search(page, "ZD ");
    await expect(row).toBeVisible();
    await expect(row.getByTestId("offline-in-hours")).toHaveCount(0);
  } finally {
    await patch({ ...saved });
  }
});
