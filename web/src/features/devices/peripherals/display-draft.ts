import type { Display } from "@contracts/devices/detail";
import type { DisplayConfigurationInput } from "@contracts/peripherals/schema";
import { MAX_APPS_PER_DISPLAY } from "@contracts/peripherals/values";

/** An application on a display in the editor; its position is its index. */
export type DraftApp = { uuid: string; name: string; config: Record<string, unknown> };
/** A display as the editor holds it: the device's facts plus the editable part. */
export type DraftDisplay = Omit<Display, "applications"> & { applications: DraftApp[] };
/** The configuration of ALL displays of a device, saved together (devices.md §4, §7). */
export type DisplayDraft = DraftDisplay[];

export function draftOf(displays: readonly Display[]): DisplayDraft {
  return displays.map(({ applications, ...display }) => ({
    ...display,
    applications: [...applications]
      .sort((a, b) => a.position - b.position)
      .map(({ uuid, name, config }) => ({ uuid, name, config: { ...config } })),
  }));
}

const update = (draft: DisplayDraft, uuid: string, change: (display: DraftDisplay) => DraftDisplay) =>
  draft.map((display) => (display.uuid === uuid ? change(display) : display));

const enabledCount = (draft: DisplayDraft) => draft.filter((display) => !display.disabled).length;

/** §4: at least one display stays enabled, so the last enabled one's switch is locked. */
export function canToggleEnabled(draft: DisplayDraft, uuid: string): boolean {
  const display = draft.find((d) => d.uuid === uuid);
  if (!display) return false;
  return display.disabled || enabledCount(draft) >= 2;
}

/** The primary may be switched off only when another enabled display can take it over. */
export function canTogglePrimary(draft: DisplayDraft, uuid: string): boolean {
  const display = draft.find((d) => d.uuid === uuid);
  if (!display) return false;
  return !display.primary || draft.some((d) => d.uuid !== uuid && !d.disabled);
}

/** Primary moves to the first enabled display other than `uuid` (none when there is none). */
function movePrimary(draft: DisplayDraft, from: string): DisplayDraft {
  const heir = draft.find((d) => d.uuid !== from && !d.disabled);
  return draft.map((d) => ({ ...d, primary: heir !== undefined && d.uuid === heir.uuid }));
}

/**
 * §4: disabling the primary moves primary to another enabled display; the last enabled display
 * cannot be disabled. An enabled display becomes primary when no enabled display is.
 */
export function setEnabled(draft: DisplayDraft, uuid: string, enabled: boolean): DisplayDraft {
  const display = draft.find((d) => d.uuid === uuid);
  if (!display || display.disabled === !enabled) return draft;
  if (!enabled) {
    if (!canToggleEnabled(draft, uuid)) return draft;
    const next = update(draft, uuid, (d) => ({ ...d, disabled: true }));
    return display.primary ? movePrimary(next, uuid) : next;
  }
  const next = update(draft, uuid, (d) => ({ ...d, disabled: false }));
  const hasPrimary = next.some((d) => d.primary && !d.disabled);
  return hasPrimary ? next : next.map((d) => ({ ...d, primary: d.uuid === uuid }));
}

/** §4: turning primary on enables that display and clears primary elsewhere; off hands it on. */
export function setPrimary(draft: DisplayDraft, uuid: string, primary: boolean): DisplayDraft {
  const display = draft.find((d) => d.uuid === uuid);
  if (!display || display.primary === primary) return draft;
  if (primary)
    return draft.map((d) => (d.uuid === uuid ? { ...d, primary: true, disabled: false } : { ...d, primary: false }));
  return canTogglePrimary(draft, uuid) ? movePrimary(draft, uuid) : draft;
}

/** The rate kept after a resolution change: the same if offered, else the closest, else the first. */
export function rateFor(rates: readonly number[], current: number | null): number | null {
  if (rates.length === 0) return null;
  if (current === null) return rates[0] ?? null;
  if (rates.includes(current)) return current;
  return rates.reduce((best, rate) => (Math.abs(rate - current) < Math.abs(best - current) ? rate : best));
}

export function setResolution(draft: DisplayDraft, uuid: string, resolution: string): DisplayDraft {
  return update(draft, uuid, (d) => ({
    ...d,
    resolution,
    refresh_rate: rateFor(d.availableRefreshRates[resolution] ?? [], d.refresh_rate),
  }));
}

export function setDisplayField<K extends "refresh_rate" | "orientation">(
  draft: DisplayDraft,
  uuid: string,
  key: K,
  value: DraftDisplay[K],
): DisplayDraft {
  return update(draft, uuid, (d) => ({ ...d, [key]: value }));
}

/** Appends an application (once per display, at most MAX_APPS_PER_DISPLAY). */
export function addApp(draft: DisplayDraft, uuid: string, app: DraftApp): DisplayDraft {
  return update(draft, uuid, (d) =>
    d.applications.some((a) => a.uuid === app.uuid) || d.applications.length >= MAX_APPS_PER_DISPLAY
      ? d
      : { ...d, applications: [...d.applications, app] },
  );
}

export function removeApp(draft: DisplayDraft, uuid: string, appUuid: string): DisplayDraft {
  return update(draft, uuid, (d) => ({ ...d, applications: d.applications.filter((a) => a.uuid !== appUuid) }));
}

/** Moves an application one place up (-1) or down (+1); out of range is a no-op. */
export function moveApp(draft: DisplayDraft, uuid: string, appUuid: string, step: -1 | 1): DisplayDraft {
  return update(draft, uuid, (d) => {
    const from = d.applications.findIndex((a) => a.uuid === appUuid);
    const to = from + step;
    if (from < 0 || to < 0 || to >= d.applications.length) return d;
    const applications = [...d.applications];
    [applications[from], applications[to]] = [applications[to] as DraftApp, applications[from] as DraftApp];
    return { ...d, applications };
  });
}

export function setAppOption(
  draft: DisplayDraft,
  uuid: string,
  appUuid: string,
  optionId: string,
  value: unknown,
): DisplayDraft {
  return update(draft, uuid, (d) => ({
    ...d,
    applications: d.applications.map((a) =>
      a.uuid === appUuid ? { ...a, config: { ...a.config, [optionId]: value } } : a,
    ),
  }));
}

/** The POST body: every display, its applications in order (position = index). */
export function toConfigurationInput(draft: DisplayDraft): DisplayConfigurationInput {
  return {
    displays_configuration: draft.map((d) => ({
      uuid: d.uuid,
      primary: d.primary,
      disabled: d.disabled,
      resolution: d.resolution,
      refresh_rate: d.refresh_rate,
      orientation: d.orientation,
      applications: d.applications.map((a) => ({ uuid: a.uuid, config: a.config })),
    })),
  };
}

/** JSON with object keys sorted, so equal configurations compare equal. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function isDirty(base: readonly Display[], draft: DisplayDraft): boolean {
  return stableJson(toConfigurationInput(draftOf(base))) !== stableJson(toConfigurationInput(draft));
}

/**
 * The draft over a newer server state (a detection or another operator's save): displays that
 * are gone drop out, new ones join as the server has them, and the facts (names, offered
 * resolutions and rates, output) come from the server while the edits are kept.
 */
export function rebase(draft: DisplayDraft, base: readonly Display[]): DisplayDraft {
  const fresh = draftOf(base);
  return fresh.map((server) => {
    const edited = draft.find((d) => d.uuid === server.uuid);
    if (!edited) return server;
    return {
      ...server,
      primary: edited.primary,
      disabled: edited.disabled,
      resolution: edited.resolution,
      refresh_rate: edited.refresh_rate,
      orientation: edited.orientation,
      applications: edited.applications,
    };
  });
}

/** "60.00 Hz" (devices.md §9). */
export const formatRate = (rate: number) => `${rate.toFixed(2)} Hz`;

/** The text before an @ of a display name (devices.md §3). */
export const displayName = (name: string) => name.split("@")[0] ?? name;
