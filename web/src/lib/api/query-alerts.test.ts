import { QueryCache, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";

const showAlert = vi.fn();
vi.mock("../ui/alerts", () => ({ showAlert: (alert: unknown) => showAlert(alert) }));
const callApi = vi.fn();
vi.mock("@/lib/api/api", () => ({ callApi: (...args: unknown[]) => callApi(...args) }));

const { alertQueryFailure } = await import("./query-alerts");
const { referenceQueries } = await import("@/features/locations/queries");

function client() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: alertQueryFailure }),
    defaultOptions: { queries: { retry: false } },
  });
}

afterEach(() => {
  showAlert.mockReset();
  callApi.mockReset();
  vi.restoreAllMocks();
});

describe("console.md §8 read failures", () => {
  it("raises 'Failed to get location types. Check console.' when the types read fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    callApi.mockRejectedValue(new Error("HTTP 500"));
    await expect(client().fetchQuery(referenceQueries.locationTypes())).rejects.toThrow("HTTP 500");
    expect(showAlert).toHaveBeenCalledTimes(1);
    expect(showAlert.mock.calls[0]?.[0]).toMatchObject({
      type: "error",
      message: "Failed to get location types. Check console.",
    });
    expect(console.error).toHaveBeenCalled();
  });

  it("raises 'Failed to get countries. Check console.' when the countries read fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    callApi.mockRejectedValue(new Error("Network error"));
    await expect(client().fetchQuery(referenceQueries.countries())).rejects.toThrow();
    expect(showAlert.mock.calls.map(([alert]) => alert.message)).toEqual(["Failed to get countries. Check console."]);
  });

  it("says nothing for a read that succeeds or names no alert", async () => {
    callApi.mockResolvedValue({ countries: [{ uuid: "u", name: "Croatia", code: "HR" }] });
    const queries = client();
    await queries.fetchQuery(referenceQueries.countries());
    await expect(
      queries.fetchQuery({ queryKey: ["other"], queryFn: () => Promise.reject(new Error("x")) }),
    ).rejects.toThrow();
    expect(showAlert).not.toHaveBeenCalled();
  });
});
