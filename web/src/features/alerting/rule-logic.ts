import "@/lib/i18n/locales/en-alerting";
import {
  type AlertCondition,
  type AlertConditionKind,
  type AlertRule,
  type AlertRuleInput,
  DEFAULT_DURATION_S,
  type SCOPE_KINDS,
} from "@contracts/alerting/schema";
import type { MessageKey, TFunction } from "@/lib/i18n";

export type ScopeKind = (typeof SCOPE_KINDS)[number];

/** A new condition of `kind` with the contract's defaults. */
export function defaultCondition(kind: AlertConditionKind): AlertCondition {
  switch (kind) {
    case "device_offline":
      return { kind, outside_working_hours: false };
    case "health":
      return { kind, level: "critical", headings: [] };
    case "application_crashed":
      return { kind, crash_loop_only: false };
    case "location_offline":
      return { kind, level: "full", outside_working_hours: false };
    case "command_failures":
      return { kind, min_failures: 3 };
  }
}

/** The rule form's state: the input as the API takes it, the duration in minutes as typed. */
export type RuleDraft = {
  name: string;
  condition: AlertCondition;
  scope: { kind: ScopeKind; uuids: string[] };
  minutes: string;
  channels: string[];
  enabled: boolean;
};

export const emptyDraft = (): RuleDraft => ({
  name: "",
  condition: defaultCondition("device_offline"),
  scope: { kind: "all", uuids: [] },
  minutes: String(DEFAULT_DURATION_S / 60),
  channels: [],
  enabled: true,
});

export const draftOf = (rule: AlertRule): RuleDraft => ({
  name: rule.name,
  condition: rule.condition,
  scope: { kind: rule.scope.kind, uuids: [...rule.scope.uuids] },
  minutes: String(Math.round((rule.duration_s / 60) * 100) / 100),
  channels: [...rule.channels],
  enabled: rule.enabled,
});

/** The minutes typed as whole seconds (a bad number goes to the server as NaN and is refused there). */
export const durationOf = (minutes: string) => Math.round(Number(minutes.replace(",", ".")) * 60);

export function inputOf(draft: RuleDraft): AlertRuleInput {
  return {
    name: draft.name,
    condition: draft.condition,
    scope: { kind: draft.scope.kind, uuids: draft.scope.kind === "all" ? [] : draft.scope.uuids },
    duration_s: durationOf(draft.minutes),
    channels: draft.channels,
    enabled: draft.enabled,
  };
}

export const scopeLabel: Record<ScopeKind, MessageKey> = {
  all: "rules.scope.all",
  groups: "rules.scope.groups",
  locations: "rules.scope.locations",
  tags: "rules.scope.tags",
  device_types: "rules.scope.device_types",
};

/** "Everything", or "Locations: 3". */
export function scopeText(scope: AlertRule["scope"], t: TFunction): string {
  if (scope.kind === "all") return t("rules.scope.all");
  return t("rules.scope.count", { kind: t(scopeLabel[scope.kind]), count: scope.uuids.length });
}

/** "At once", "45 s", "5 min". */
export function durationText(seconds: number, t: TFunction): string {
  if (seconds === 0) return t("rules.duration.now");
  if (seconds % 60 !== 0) return t("rules.duration.seconds", { count: seconds });
  return t("rules.duration.minutes", { count: seconds / 60 });
}

/** What the condition's options add to its name (e.g. "critical", "also when closed"). */
export function conditionDetail(condition: AlertCondition, t: TFunction): string {
  switch (condition.kind) {
    case "device_offline":
      return condition.outside_working_hours ? t("rules.field.outsideHours") : "";
    case "health":
      return t(condition.level === "warning" ? "rules.field.healthLevel.warning" : "rules.field.healthLevel.critical");
    case "application_crashed":
      return condition.crash_loop_only ? t("rules.field.crashLoopOnly") : "";
    case "location_offline":
      return [
        t(condition.level === "partial" ? "rules.field.locationLevel.partial" : "rules.field.locationLevel.full"),
        condition.outside_working_hours ? t("rules.field.outsideHours") : "",
      ]
        .filter(Boolean)
        .join(" · ");
    case "command_failures":
      return `≥ ${condition.min_failures}`;
  }
}
