import { mkdirSync } from "node:fs";
import { DEMO_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { ARTIFACTS, bearer, KEEP_SCREENSHOTS, screenshot, signIn } from "./support.ts";
import { type APIRequestContext, expect, type Page, test } from "./test.ts";

/**
 * The Admin Panel (console.md §2.12, §5, §6): a super admin finds an application, edits
 * its JSON (the server's errors are marked at their lines), reviews the diff and saves it, and
 * the device's Peripherals tab shows the changed option; a system developer adds an application
 * and deletes it after a confirmation that names it, and cannot delete one that displays show.
 */

const SHOTS = process.env.ADMIN_SHOTS ?? "/tmp/admin-shots";
mkdirSync(SHOTS, { recursive: true });

const SUPER_ADMIN = "super-admin@outpost.demo";
const SYS_DEV = "sys-dev@outpost.demo";
const API = "/api";

type Doc = { name: string; template: { configurable_options: { name: string; deterministic_id: string }[] } };

/** The demo application "Queue Display" (its id and document) through the API. */
async function queueDisplay(request: APIRequestContext, auth: Record<string, string>) {
  const list = await (await request.get(`${API}/application/items/?name=Queue Display`, { headers: auth })).json();
  const id = list.applications[0].id as number;
  const detail = await (await request.get(`${API}/application/${id}/`, { headers: auth })).json();
  return { id, document: detail.document as Doc };
}

/** A device of the demo space with a display that shows `appName`, and that display's name (before the @). */
async function deviceShowing(request: APIRequestContext, auth: Record<string, string>, appName: string) {
  const space = `${API}/space/${DEMO_SPACE_UUID}`;
  const list = await (await request.get(`${space}/device/items/?page_size=200`, { headers: auth })).json();
  const candidates = (list.devices as { uuid: string; name: string; device_class: string | null }[]).filter(
    (d) => d.device_class === "retail_pos",
  );
  for (const device of candidates) {
    const config = await (
      await request.get(`${space}/device/${device.uuid}/peripherals/display/configuration/`, { headers: auth })
    ).json();
    const display = (config.displays as { name: string; applications: { name: string }[] }[]).find((d) =>
      d.applications.some((a) => a.name === appName),
    );
    if (display) return { device, display: display.name.split("@")[0] ?? display.name };
  }
  throw new Error(`no demo device shows ${appName}`);
}

/**
 * Screenshots of the current screen in light and dark at the three sizes people use. The theme
 * class is set directly: with a dialog open, the top bar's toggle cannot be reached.
 */
async function shoot(page: Page, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  const sizes = [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
    { width: 1920, height: 1080 },
  ];
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    for (const size of sizes) {
      await page.setViewportSize(size);
      await screenshot(page, `${SHOTS}/${name}-${size.width}-${theme}.png`, { settleMs: 300 });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.setViewportSize(sizes[0]);
}

/** The editor's text replaced as if pasted. */
async function paste(page: Page, editor: ReturnType<Page["getByRole"]>, text: string) {
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

test("a super admin edits an application as JSON and the Peripherals tab shows the change", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const auth = await bearer(request, SUPER_ADMIN);
  const original = await queueDisplay(request, auth);
  const { device, display } = await deviceShowing(request, auth, "Queue Display");
  const renamed = `Chime when called ${Date.now().toString(36)}`;

  try {
    await signIn(page, SUPER_ADMIN);
    await page.getByRole("link", { name: "Admin Panel" }).click();
    await expect(page).toHaveURL(/\/applications$/);
    const table = page.getByRole("table", { name: "Applications" });
    await expect(table.getByRole("link", { name: "Web Kiosk" })).toBeVisible();
    await shoot(page, "admin-list");

    // Search by name, open the application.
    await page.getByRole("searchbox", { name: "Search applications by name" }).fill("queue");
    await expect(table.getByRole("row")).toHaveCount(2); // the header and Queue Display
    await table.getByRole("link", { name: "Queue Display" }).click();
    await expect(page).toHaveURL(new RegExp(`/applications/${original.id}$`));
    const editor = page.getByRole("textbox", { name: "JSON document of Queue Display" });
    await expect(editor).toContainText('"configurable_options"');
    await expect(page.getByRole("heading", { name: "Change history" })).toBeVisible();
    await shoot(page, "admin-detail");

    // A document the server refuses: its errors are listed with their lines and marked in the editor.
    const broken = structuredClone(original.document) as Doc & Record<string, unknown>;
    (broken.template.configurable_options[1] as Record<string, unknown>).type = "slider";
    await paste(page, editor, JSON.stringify(broken));
    await page.getByRole("button", { name: "Format" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const review = page.getByRole("dialog", { name: "Save changes to Queue Display?" });
    await expect(review).toBeVisible();
    await review.getByRole("button", { name: "Save changes" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "The server refused the document" });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole("button", { name: /template\.configurable_options\.1\.type/ })).toContainText(
      /Line \d+/,
    );
    await expect(page.locator(".cm-lintRange-error").first()).toBeVisible();
    await shoot(page, "admin-errors");

    // The fix: rename an option; the diff shows the change before it is saved.
    const next = structuredClone(original.document);
    const chime = next.template.configurable_options.find((o) => o.deterministic_id === "chime");
    if (!chime) throw new Error("Queue Display has no chime option");
    chime.name = renamed;
    await paste(page, editor, JSON.stringify(next, null, 2));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(review).toBeVisible();
    await expect(review.locator(".cm-changedText").first()).toBeVisible();
    await expect(review).toContainText(renamed);
    await shoot(page, "admin-review");
    await review.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Queue Display saved.")).toBeVisible();
    await expect(alert).toBeHidden();
    const history = page.getByRole("region", { name: "Change history" });
    await expect(history.getByText(`"${renamed}"`)).toBeVisible();
    await expect(history.getByText("sandra.super").first()).toBeVisible();

    // Runners: a super admin reads them, but only system developers save (console.md §5, §6).
    await page.getByRole("link", { name: "Runners" }).click();
    await page.getByRole("searchbox", { name: "Search runners by name" }).fill("chromium");
    await page.getByRole("table", { name: "Runners" }).getByRole("link", { name: "Chromium Kiosk Runner" }).click();
    await expect(page.getByRole("textbox", { name: "JSON document of Chromium Kiosk Runner" })).toContainText(
      '"watchdog_seconds"',
    );
    await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);
    await expect(page.getByText("Only system developers can save runners")).toBeVisible();
    await shoot(page, "admin-runner");

    // The device's Peripherals tab builds its option form from the saved template.
    await page.goto(`/devices/device/view/${DEMO_SPACE_UUID}/${device.uuid}/peripherals`);
    const flyout = page.getByRole("dialog");
    await expect(flyout.getByRole("heading", { name: device.name })).toBeVisible();
    await flyout.getByRole("button", { name: new RegExp(`^${display}`) }).click();
    await flyout.getByRole("button", { name: "Queue Display", exact: true }).click();
    await expect(flyout.getByLabel(renamed)).toBeVisible();
    await screenshot(page, `${SHOTS}/admin-peripherals-light.png`);
  } finally {
    await request.patch(`${API}/application/${original.id}/`, { headers: auth, data: original.document });
  }
});

test("a system developer adds an application and deletes it after a confirmation that names it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `E2E Ticker ${Date.now().toString(36)}`;
  await signIn(page, SYS_DEV);
  await page.goto("/applications");
  await page.getByRole("link", { name: "Add application" }).click();
  await expect(page).toHaveURL(/\/applications\/add$/);
  const editor = page.getByRole("textbox", { name: "JSON document of New application" });
  await expect(editor).toContainText('"configurable_options"');
  const document = {
    name,
    template: {
      header: name,
      description: "Scrolls a line of text.",
      configurable_options: [{ type: "text_input", deterministic_id: "text", name: "Text" }],
    },
    vendor: { build: 3 },
  };
  await paste(page, editor, JSON.stringify(document, null, 2));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(`${name} added.`)).toBeVisible();
  await expect(page).toHaveURL(/\/applications\/\d+$/);
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: `JSON document of ${name}` })).toContainText('"vendor"');

  // Delete: the confirmation names the application; focus starts on Cancel, the keyboard confirms.
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete ${name}?` });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await shoot(page, "admin-delete");
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: `Delete ${name}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`${name} deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/\/applications$/);
  const auth = await bearer(request, SYS_DEV);
  const left = await (
    await request.get(`${API}/application/items/?name=${encodeURIComponent(name)}`, { headers: auth })
  ).json();
  expect(left.objects_count).toBe(0);

  // An application that displays show cannot be deleted: the refusal names them.
  await page.getByRole("table", { name: "Applications" }).getByRole("link", { name: "Web Kiosk" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete Web Kiosk" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Web Kiosk cannot be deleted" })).toContainText(/ on /);
  await screenshot(page, `${ARTIFACTS}/admin-in-use.png`);
});

test("an Admin without the flags sees no Admin Panel and is refused by the server", async ({ page, request }) => {
  await signIn(page);
  await expect(page.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
  await page.goto("/applications");
  await expect(page.getByText("Admin Panel is not available to you")).toBeVisible();
  const res = await request.get(`${API}/application/items/`, { headers: await bearer(request) });
  expect(res.status()).toBe(403);
});
