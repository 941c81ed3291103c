import { describe, expect, it, vi } from "vitest";

vi.mock("./alert-history", () => ({ recordAlert: () => {} }));
const { dismissAlert, showAlert, toasterReady } = await import("./alerts");

/** A stand-in for the sonner module: records what the console asked it to show. */
function fakeSonner() {
  const calls: string[] = [];
  const show = (type: string) => (message: string, options: { id: string | number }) => {
    calls.push(`${type}:${message}:${options.id}`);
    return options.id;
  };
  const toast = Object.assign(show("default"), {
    info: show("info"),
    success: show("success"),
    warning: show("warning"),
    error: show("error"),
    dismiss: (id?: string | number) => calls.push(`dismiss:${id}`),
  });
  return { calls, module: { toast } as unknown as typeof import("sonner") };
}

describe("alerts before the toaster loads (sonner is out of the first load)", () => {
  it("wait for it, in order, and show at once after", () => {
    const { calls, module } = fakeSonner();
    const first = showAlert({ type: "error", message: "Failed to fetch displays." });
    const second = showAlert({ type: "success", message: "Saved", uuid: "save-1" });
    dismissAlert(first);
    expect(calls).toEqual([]);
    expect(second).toBe("save-1");
    expect(first).not.toBe(second);

    toasterReady(module);
    expect(calls).toEqual([`error:Failed to fetch displays.:${first}`, "success:Saved:save-1", `dismiss:${first}`]);
    showAlert({ type: "info", message: "Later", uuid: "later" });
    expect(calls.at(-1)).toBe("info:Later:later");
  });
});
