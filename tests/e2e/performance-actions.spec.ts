import { signIn } from "./support.ts";
import { expect, test } from "./test.ts";

/** /performance/{action}: the device actions console.md names open their panels over Performance. */
test("/performance/detectDevices and /performance/addDeviceRunner open their panels", async ({ page }) => {
  await signIn(page);
  await page.goto("/performance/detectDevices");
  await expect(page.getByRole("dialog").getByText("Choose a location to scan its network for devices.")).toBeVisible();
  await page.goto("/performance/addDeviceRunner");
  await expect(page.getByRole("dialog").getByRole("combobox", { name: "Location" })).toBeVisible();
});
