import { describe, expect, it } from "vitest";
import { multiFilterText } from "@/components/filter-combobox";
import { choiceFromSearch, withAccountFilters } from "@/features/accounts/use-account-filters";
import { groupOrderingOf } from "@/features/groups/use-group-filters";
import { locationFiltersFromSearch, withLocationFilters } from "@/features/locations/list/location-filters";
import { viewOfParam } from "../ui/use-view-param";

describe("list filters in the URL", () => {
  it("locations: round trip, defaults left out, bad ordering ignored", () => {
    const state = {
      search: "zagreb ",
      location_type_uuid: "t1",
      country_uuid: "",
      tag_uuid: "g1",
      ordering: "created_at" as const,
    };
    const params = withLocationFilters(new URLSearchParams("view=table"), state);
    expect(params.toString()).toBe("view=table&search=zagreb+&location_type_uuid=t1&tag_uuid=g1&ordering=created_at");
    expect(locationFiltersFromSearch(params)).toEqual(state);
    expect(locationFiltersFromSearch(new URLSearchParams("ordering=sideways&x=1"))).toBeNull();
    expect(
      withLocationFilters(new URLSearchParams(), {
        ...state,
        search: " ",
        tag_uuid: "",
        ordering: "-online_status",
      }).toString(),
    ).toBe("location_type_uuid=t1");
  });

  it("accounts: status, online and role from the URL; unknown values ignored", () => {
    expect(choiceFromSearch(new URLSearchParams("status=disabled&online=true&role_uuid=r1"))).toEqual({
      status: "disabled",
      online: "true",
      role_uuid: "r1",
    });
    expect(choiceFromSearch(new URLSearchParams("status=gone&online=maybe"))).toEqual({
      status: "",
      online: "",
      role_uuid: "",
    });
    const params = withAccountFilters(new URLSearchParams("status=active"), "ann", {
      status: "",
      online: "false",
      role_uuid: "",
    });
    expect(params.toString()).toBe("search=ann&online=false");
  });

  it("groups: the ordering or the default", () => {
    expect(groupOrderingOf(new URLSearchParams("ordering=-active"))).toBe("-active");
    expect(groupOrderingOf(new URLSearchParams("ordering=nope"))).toBe("-created_at");
  });

  it("view: table or cards", () => {
    expect(viewOfParam("table")).toBe("format");
    expect(viewOfParam("cards")).toBe("grid");
    expect(viewOfParam("map")).toBeNull();
  });

  it("a multi-value picker shows the first value and how many more", () => {
    const options = [
      { value: "", label: "Any status" },
      { value: "a", label: "Archived" },
      { value: "b", label: "Installation pending" },
    ];
    expect(multiFilterText([], options, "Any status")).toBe("Any status");
    expect(multiFilterText(["a"], options, "Any status")).toBe("Archived");
    expect(multiFilterText(["a", "b"], options, "Any status")).toBe("Archived +1");
  });
});
