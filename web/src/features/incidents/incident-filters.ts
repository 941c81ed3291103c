import "@/lib/i18n/locales/en-incidents";
import { INCIDENT_STATES, type IncidentState } from "@contracts/alerting/schema";
import type { MessageKey } from "@/lib/i18n";
import type { IncidentFilters } from "./queries";

/** How far back the "Opened" filter looks. */
export const PERIODS = { "24h": 24 * 3600_000, "7d": 7 * 24 * 3600_000, "30d": 30 * 24 * 3600_000 } as const;
export type Period = keyof typeof PERIODS;
export const PERIOD_LABELS: Record<"" | Period, MessageKey> = {
  "": "incidents.filter.anyTime",
  "24h": "incidents.filter.24h",
  "7d": "incidents.filter.7d",
  "30d": "incidents.filter.30d",
};

/** The state filter's choices: any, the active two together, or one state. */
export const STATE_CHOICES = ["", "open,acknowledged", ...INCIDENT_STATES] as const;
export type StateChoice = (typeof STATE_CHOICES)[number];

/** What the page's URL says: `?state=open,acknowledged&location=…&rule=…&period=7d`. */
export type IncidentUrlFilters = { state: StateChoice; location: string; rule: string; period: "" | Period };

export const isPeriod = (value: string | null): value is Period => value !== null && value in PERIODS;

export function incidentFiltersOf(params: URLSearchParams): IncidentUrlFilters {
  const state = params.get("state") ?? "";
  const period = params.get("period");
  return {
    state: STATE_CHOICES.find((choice) => choice === state) ?? "",
    location: params.get("location") ?? "",
    rule: params.get("rule") ?? "",
    period: isPeriod(period) ? period : "",
  };
}

/** The API query of the URL's filters; `now` places the period (read once per filter change). */
export function toIncidentQuery(filters: IncidentUrlFilters, now: number): IncidentFilters {
  const query: IncidentFilters = {};
  if (filters.state) query.state = filters.state;
  if (filters.location) query.location = filters.location;
  if (filters.rule) query.rule = filters.rule;
  if (filters.period) query.from = new Date(now - PERIODS[filters.period]).toISOString();
  return query;
}

/** How many filters are set (the phone's Filters button count). */
export const activeFilterCount = (filters: IncidentUrlFilters) =>
  [filters.state, filters.location, filters.rule, filters.period].filter(Boolean).length;

/** Open and acknowledged incidents need someone; the rest are history. */
export const isActive = (state: IncidentState) => state === "open" || state === "acknowledged";
