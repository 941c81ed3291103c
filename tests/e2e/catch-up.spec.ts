import type { APIRequestContext, Page } from "@playwright/test";
import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { bearer, signIn } from "./support.ts";
import { expect, test, type WebSocketRoute } from "./test.ts";

/** Adds a device named "E2E <prefix> <time>" to the lab space's first location. */
async function addDevice(request: APIRequestContext, prefix: string) {
  const auth = await bearer(request);
  const api = `/api/space/${LAB_SPACE_UUID}`;
  const { locations } = await (await request.get(`${api}/location/items/`, { headers: auth })).json();
  const tag = `${prefix} ${Date.now().toString(36)}`;
  const added = await request.post(`${api}/device/add/`, {
    headers: auth,
    data: { name: `E2E ${tag}`, location: (locations[0] as { uuid: string }).uuid },
  });
  expect(added.status()).toBe(201);
  const { uuid } = (await added.json()) as { uuid: string };
  return { auth, api, tag, uuid };
}

/** Signs in to the lab space and opens the device list searched for `tag`, its device on screen. */
async function openListOf(page: Page, tag: string) {
  await signIn(page);
  await page.evaluate((space) => localStorage.setItem("outpost.space", space), LAB_SPACE_UUID);
  await page.goto(`/devices?search=${encodeURIComponent(tag)}`);
  const list = page.getByRole("list", { name: "Devices" });
  await expect(list.getByText(`E2E ${tag}`, { exact: true })).toBeVisible();
  return list;
}

/**
 * A page fetches its first data before its space socket joins, and a reconnect follows a gap: an
 * event published in between must still reach the screen. The room's welcome says how long ago
 * its last device event was, and the console fetches again what is older (web/src/lib/catch-up.ts).
 * Here the page's space socket is held back while a device is renamed through the API; once it
 * joins, the list shows the new name without a reload.
 */
test("a change made before the page's socket joined shows once it joins", async ({ page, request }) => {
  const { auth, api, tag, uuid } = await addDevice(request, "Catchup");

  // The space room's sockets are held: the page believes it is connecting, the room has not seen it.
  const held: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/parties\/space\//, (ws) => {
    held.push(ws);
  });
  try {
    const list = await openListOf(page, tag);
    await expect.poll(() => held.length).toBeGreaterThan(0);

    const renamed = await request.patch(`${api}/device/${uuid}/`, {
      headers: auth,
      data: { name: `E2E ${tag} renamed` },
    });
    expect(renamed.status()).toBe(200);
    // The room publishes right after the reply; give it a moment, so the event is surely before the join.
    await page.waitForTimeout(1500);
    await expect(list.getByText(`E2E ${tag}`, { exact: true })).toBeVisible();

    // The socket joins now: its welcome names an event newer than the list's data.
    for (const ws of held.splice(0)) ws.connectToServer();
    await expect(list.getByText(`E2E ${tag} renamed`, { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(list.getByText(`E2E ${tag}`, { exact: true })).toHaveCount(0);
  } finally {
    await request.delete(`${api}/device/${uuid}/`, { headers: auth });
  }
});

test("a wall opened just before a device was added counts it once its socket joins", async ({ page, request }) => {
  const auth = await bearer(request);
  const api = `/api/space/${LAB_SPACE_UUID}`;
  const link = await request.post(`${api}/display-link/add/`, {
    headers: auth,
    data: { name: `Wall catch-up ${Date.now().toString(36)}` },
  });
  expect(link.status()).toBe(201);
  const { secret } = (await link.json()) as { secret: string };
  const notConnected = page.getByTestId("wall-total-not_connected").getByTestId("value");

  const held: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/parties\/space\//, (ws) => {
    held.push(ws);
  });
  let uuid: string | null = null;
  try {
    await page.goto(`/wall?display=${secret}&rotate=0&view=overview`);
    await expect(notConnected).toHaveText(/^\d+$/);
    const before = Number(await notConnected.textContent());
    await expect.poll(() => held.length).toBeGreaterThan(0);

    // A device added now is not connected yet: the wall's "not connected" total should grow by one.
    const { locations } = await (await request.get(`${api}/location/items/`, { headers: auth })).json();
    const added = await request.post(`${api}/device/add/`, {
      headers: auth,
      data: { name: `E2E Wall catch-up ${Date.now().toString(36)}`, location: (locations[0] as { uuid: string }).uuid },
    });
    expect(added.status()).toBe(201);
    uuid = ((await added.json()) as { uuid: string }).uuid;
    await page.waitForTimeout(1500);
    await expect(notConnected).toHaveText(String(before));

    // Well inside the summary's own 30 s refresh: only the welcome's catch-up can bring it.
    for (const ws of held.splice(0)) ws.connectToServer();
    await expect(notConnected).toHaveText(String(before + 1), { timeout: 5_000 });
  } finally {
    if (uuid) await request.delete(`${api}/device/${uuid}/`, { headers: auth });
  }
});

test("the live updates' code that failed to load is fetched again, and the list then catches up", async ({
  page,
  request,
}) => {
  const { auth, api, tag, uuid } = await addDevice(request, "Retry");

  // The room's client loads after the first render (web/src/lib/use-space-realtime.ts): its first
  // download fails, as offline or after a deployment removed the file.
  let asked = 0;
  await page.route(/\/assets\/realtime-[\w-]+\.js$/, (route) => (++asked === 1 ? route.abort() : route.continue()));
  try {
    const list = await openListOf(page, tag);
    const renamed = await request.patch(`${api}/device/${uuid}/`, {
      headers: auth,
      data: { name: `E2E ${tag} renamed` },
    });
    expect(renamed.status()).toBe(200);
    await expect(list.getByText(`E2E ${tag} renamed`, { exact: true })).toBeVisible({ timeout: 15_000 });
    expect(asked).toBeGreaterThanOrEqual(2);
  } finally {
    await request.delete(`${api}/device/${uuid}/`, { headers: auth });
  }
});
