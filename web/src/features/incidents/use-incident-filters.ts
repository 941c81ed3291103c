import { useMemo } from "react";
import { useListParams } from "@/lib/ui/use-list-params";
import { type IncidentUrlFilters, incidentFiltersOf, toIncidentQuery } from "./incident-filters";

/**
 * The Incidents page's filters, kept in the URL like every list's: each choice
 * adds a history entry, so back undoes it and a link shares the view.
 */
export function useIncidentFilters() {
  const [params, setParams] = useListParams();
  const key = params.toString();
  const filters = useMemo(() => incidentFiltersOf(new URLSearchParams(key)), [key]);
  // The period's start is read when the filters change, not on every render (a stable query key).
  const query = useMemo(() => toIncidentQuery(filters, Date.now()), [filters]);
  const set = (patch: Partial<IncidentUrlFilters>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(patch)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  const reset = () => setParams(new URLSearchParams());
  return { filters, query, set, reset };
}
