import { ARTIFACTS, screenshot, signIn } from "./support.ts";
import { expect, type Locator, type Page, test } from "./test.ts";

/** web/src/features/map/map-style.ts BASEMAP_PALETTE: the offline basemap's sea and land. */
const PALETTE = {
  light: { sea: [0xd5, 0xe3, 0xf0], land: [0xfb, 0xfb, 0xfa] },
  dark: { sea: [0x0b, 0x16, 0x22], land: [0x1f, 0x25, 0x2e] },
} as const;

type Pixels = { distinct: number; sea: number; land: number };

/**
 * What the map canvas shows, read from a screenshot of its region (the WebGL buffer itself is
 * not readable after compositing): how many distinct colours, and the share of pixels within a
 * few levels of the palette's sea and land colours.
 */
async function canvasPixels(page: Page, canvas: Locator, theme: keyof typeof PALETTE): Promise<Pixels> {
  const png = (await canvas.screenshot()).toString("base64");
  return page.evaluate(
    async ({ png, palette }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const surface = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = surface.getContext("2d");
      if (!context) throw new Error("no 2d context");
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const colours = new Set<number>();
      let sea = 0;
      let land = 0;
      const near = (i: number, [r, g, b]: readonly number[]) =>
        Math.abs((data[i] ?? 0) - (r ?? 0)) +
          Math.abs((data[i + 1] ?? 0) - (g ?? 0)) +
          Math.abs((data[i + 2] ?? 0) - (b ?? 0)) <=
        9;
      for (let i = 0; i < data.length; i += 4) {
        colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
        if (near(i, palette.sea)) sea++;
        else if (near(i, palette.land)) land++;
      }
      const total = data.length / 4;
      return { distinct: colours.size, sea: sea / total, land: land / total };
    },
    { png, palette: PALETTE[theme] },
  );
}

/**
 * Waits until the canvas shows the offline basemap: land and (unless `minSea` is 0) sea each
 * cover part of it, with coastlines and borders in between (more than a handful of colours).
 */
async function expectBasemap(page: Page, canvas: Locator, theme: keyof typeof PALETTE, minSea = 0.05) {
  await expect
    .poll(async () => {
      const pixels = await canvasPixels(page, canvas, theme);
      return pixels.distinct >= 8 && pixels.sea >= minSea && pixels.land > 0.05;
    })
    .toBe(true);
}

const numberIn = async (field: Locator) => Number(await field.inputValue());

test("the location form's offline map: basemap, click, drag, keys and typed coordinates move the pin", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto("/locations/addLocation");
  const dialog = page.getByRole("dialog");
  const map = dialog.getByRole("application", { name: "Map of the location" });
  const canvas = map.locator("canvas.maplibregl-canvas");
  const latitude = dialog.getByLabel("Latitude");
  const longitude = dialog.getByLabel("Longitude");

  await test.step("no tile server and no geocoder: the offline basemap (light and dark), search enabled", async () => {
    await expect(canvas).toBeVisible();
    await expect(map).toHaveCSS("height", "278px");
    await expectBasemap(page, canvas, "light");
    await expect(map.getByText("Natural Earth", { exact: false })).toBeAttached();
    await expect(dialog.getByText(/Offline map: country borders, coastlines and city names/)).toBeVisible();
    // City names on the offline basemap: at the form's zoom around Mostar, the region's cities.
    await expect(map.locator("[data-city-label='Split']")).toBeAttached({ timeout: 20_000 });
    await expect(map.locator("[data-city-label='Sarajevo']")).toBeAttached();
    await expect(dialog.getByRole("searchbox", { name: "Search a place" })).toBeEnabled();
    await map.scrollIntoViewIfNeeded();
    await screenshot(map, `${ARTIFACTS}/map-offline-basemap.png`);
    await screenshot(page, `${ARTIFACTS}/map-form-1440.png`);
    await page.evaluate(() => document.documentElement.classList.add("dark"));
    await expectBasemap(page, canvas, "dark");
    await screenshot(map, `${ARTIFACTS}/map-offline-basemap-dark.png`);
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await expectBasemap(page, canvas, "light");
  });

  await test.step("a click at the centre places the pin at the spec's default centre", async () => {
    await map.click();
    await expect(latitude).toHaveValue(/^\d+\.\d+$/);
    expect(await numberIn(latitude)).toBeCloseTo(43.3438, 1);
    expect(await numberIn(longitude)).toBeCloseTo(17.8078, 1);
    await expect(map.getByRole("button", { name: /Location pin/ })).toBeVisible();
  });

  await test.step("dragging the pin 100 px east moves it about 1.1° of longitude (zoom 7)", async () => {
    const pin = map.getByRole("button", { name: /Location pin/ });
    const before = { lat: await numberIn(latitude), lng: await numberIn(longitude) };
    const box = await pin.boundingBox();
    if (!box) throw new Error("the pin has no box");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => numberIn(longitude)).toBeGreaterThan(before.lng + 0.8);
    expect(await numberIn(longitude)).toBeLessThan(before.lng + 1.4);
    expect(await numberIn(latitude)).toBeCloseTo(before.lat, 1);
  });

  await test.step("the arrow keys move the focused pin", async () => {
    const before = await numberIn(longitude);
    await map.getByRole("button", { name: /Location pin/ }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => numberIn(longitude)).toBeLessThan(before);
  });

  await test.step("typed coordinates off-screen bring the map along", async () => {
    await latitude.fill("45.8003");
    await longitude.fill("15.9714");
    const pin = map.getByRole("button", { name: /Location pin/ });
    await expect
      .poll(async () => {
        const [p, m] = [await pin.boundingBox(), await map.boundingBox()];
        return Boolean(p && m && p.x > m.x && p.x + p.width < m.x + m.width && p.y > m.y && p.y < m.y + m.height);
      })
      .toBe(true);
  });

  await test.step("with no geocoder configured, place search reads the bundled gazetteer of world cities", async () => {
    const search = dialog.getByRole("searchbox", { name: "Search a place" });
    await search.fill("karlov");
    const karlovac = dialog.getByRole("button", { name: "Karlovac, Croatia" });
    await expect(karlovac).toBeVisible({ timeout: 20_000 });
    await karlovac.click();
    await expect.poll(() => numberIn(latitude)).toBeCloseTo(45.49, 1);
    expect(await numberIn(longitude)).toBeCloseTo(15.55, 1);
    // Accents are optional, and a country narrows it: "zurich, ch" finds Zürich.
    await search.fill("zurich, ch");
    await expect(dialog.getByRole("button", { name: "Zürich, Switzerland" })).toBeVisible();
    // A city's districts are not offered beside it.
    await expect(dialog.getByRole("button", { name: /Kreis/ })).toHaveCount(0);
    await search.fill("");
  });

  await test.step("dark theme: the dark palette", async () => {
    await page.evaluate(() => document.documentElement.classList.add("dark"));
    await expectBasemap(page, canvas, "dark");
    await screenshot(page, `${ARTIFACTS}/map-form-1440-dark.png`);
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
  });
});

test("the location view shows the location's marker on the offline map", async ({ page }) => {
  await signIn(page);
  await page.getByRole("link", { name: "Locations" }).click();
  await page.getByRole("link", { name: /Zagreb HQ/ }).click();
  const dialog = page.getByRole("dialog");
  const map = dialog.getByRole("application", { name: "Map of the location" });
  const pin = map.getByRole("button", { name: /Location pin/ });
  await expect(pin).toBeVisible();
  await expect(pin).toBeDisabled();
  await expectBasemap(page, map.locator("canvas.maplibregl-canvas"), "light", 0);
  // The marker sits inside the map, at the location (the view centres on it).
  const [p, m] = [await pin.boundingBox(), await map.boundingBox()];
  if (!p || !m) throw new Error("no boxes");
  expect(Math.abs(p.x + p.width / 2 - (m.x + m.width / 2))).toBeLessThan(4);
  expect(Math.abs(p.y + p.height - (m.y + m.height / 2))).toBeLessThan(4);
  await screenshot(page, `${ARTIFACTS}/map-view-1440.png`);
});

test("on a phone the form's map fits the screen, light and dark", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto("/locations/addLocation");
  const map = page.getByRole("dialog").getByRole("application", { name: "Map of the location" });
  const canvas = map.locator("canvas.maplibregl-canvas");
  await map.scrollIntoViewIfNeeded();
  await expectBasemap(page, canvas, "light");
  const box = await map.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await screenshot(page, `${ARTIFACTS}/map-form-390.png`);
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await expectBasemap(page, canvas, "dark");
  await screenshot(page, `${ARTIFACTS}/map-form-390-dark.png`);
});

/** index.css's spec colours of a location's online state. */
const STATUS_RGB = {
  online: "rgb(43, 133, 216)",
  partially_online: "rgb(58, 176, 192)",
  offline: "rgb(122, 122, 122)",
} as const;

test("the wall's fleet map: the offline basemap in dark, a marker per located location in its status colour, counts on hover", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page);
  await page.goto("/wall?view=overview&rotate=0");
  const map = page.getByRole("region", { name: "Fleet map of the locations" });
  await expect(map).toBeVisible();
  await expectBasemap(page, map.locator("canvas.maplibregl-canvas"), "dark");

  const zagreb = map.getByRole("button", { name: /^Zagreb HQ: / });
  await expect(zagreb).toBeVisible();
  await expect(zagreb).toHaveAccessibleName(/^Zagreb HQ: .+, \d+ of \d+ devices online$/);
  const markers = map.locator("button[data-status]");
  expect(await markers.count()).toBeGreaterThanOrEqual(3);
  // Each marker's colour is read together with its status, in the page and retried: tests running
  // beside this one take devices on and off line, and a marker may change status between two reads.
  await expect
    .poll(() =>
      markers.evaluateAll(
        (buttons, rgb) =>
          buttons
            .map((b) => ({
              status: (b as HTMLElement).dataset.status ?? "",
              colour: getComputedStyle(b).backgroundColor,
            }))
            .filter(({ status, colour }) => rgb[status] !== colour),
        STATUS_RGB as Record<string, string>,
      ),
    )
    .toEqual([]);
  // Every marker lies inside the map: the view fits the fleet (read in one go, as markers may come and go).
  await expect
    .poll(() =>
      map.evaluate((region) => {
        const box = region.getBoundingClientRect();
        return [...region.querySelectorAll("button[data-status]")]
          .map((marker) => marker.getBoundingClientRect())
          .filter((m) => !(m.x >= box.x && m.x + m.width <= box.x + box.width && m.y >= box.y)).length;
      }),
    )
    .toBe(0);

  await zagreb.hover();
  const popup = map.getByRole("status").filter({ hasText: "Zagreb HQ" });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(/\d+ of \d+ devices online/);
  await screenshot(page, `${ARTIFACTS}/map-fleet-wall-1920-dark.png`);

  await page.goto("/wall?view=overview&rotate=0&theme=light");
  await expectBasemap(page, map.locator("canvas.maplibregl-canvas"), "light");
  await expect(zagreb).toBeVisible();
  await screenshot(page, `${ARTIFACTS}/map-fleet-wall-1920-light.png`);
});
