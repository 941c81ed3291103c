import "@/lib/i18n/locales/en-alerting";
import type { NotificationPreferences } from "@contracts/alerting/schema";
import { useQuery } from "@tanstack/react-query";
import { BellRingIcon } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { useCurrentSpace } from "@/features/session/current-space";
import { toFormFailure } from "@/lib/api/form-failure";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { CheckRow } from "./check-row";
import { alertingQueries, useSavePreferences } from "./queries";
import { SettingsPage, SettingsSection } from "./settings-section";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const zones = () => {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [browserZone()];
  }
};

/** /notification-preferences: the caller's channels, quiet hours and spaces (their own, any role). */
export function PreferencesPage() {
  const t = useT();
  const id = useId();
  const { user } = useCurrentSpace();
  const saved = useQuery(alertingQueries.preferences());
  const save = useSavePreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    if (saved.data && !draft) setDraft(saved.data);
  }, [saved.data, draft]);
  const zoneList = useMemo(zones, []);
  const failure = save.error ? toFormFailure(save.error, ["channels", "quiet_hours", "spaces"], t) : null;
  const changed = draft !== null && JSON.stringify(draft) !== JSON.stringify(saved.data);
  const set = (patch: Partial<NotificationPreferences>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const toggle = <T extends string>(list: readonly T[], value: T, on: boolean) =>
    on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
  const quiet = draft?.quiet_hours ?? null;

  return (
    <SettingsPage>
      <SettingsSection
        icon={BellRingIcon}
        title={t("alerting.preferences")}
        text={t("preferences.text")}
        readOnly={false}
        failed={saved.isError}
      >
        {!draft ? (
          <div className="grid gap-2 p-4" role="status" aria-label={t("common.loading")}>
            <Skeleton className="h-6 w-64" />
            <Skeleton className="h-6 w-48" />
          </div>
        ) : (
          <form
            className="grid max-w-2xl gap-6 p-4"
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(draft, {
                onSuccess: (next) => {
                  setDraft(next);
                  showAlert({ type: "success", message: t("preferences.saved") });
                },
              });
            }}
          >
            <FormAlert message={failure?.general ?? null} />
            <fieldset className="grid gap-2">
              <legend className="mb-1.5 text-sm font-semibold">{t("preferences.channels")}</legend>
              <CheckRow
                id={`${id}-email`}
                label={t("preferences.channel.email")}
                checked={draft.channels.includes("email")}
                onChange={(on) => set({ channels: toggle(draft.channels, "email", on) })}
              />
              <CheckRow
                id={`${id}-bell`}
                label={t("preferences.channel.bell")}
                checked={draft.channels.includes("bell")}
                onChange={(on) => set({ channels: toggle(draft.channels, "bell", on) })}
              />
            </fieldset>
            <fieldset className="grid gap-3">
              <legend className="mb-1.5 text-sm font-semibold">{t("preferences.quiet")}</legend>
              <div className="flex items-center gap-2">
                <Switch
                  id={`${id}-quiet`}
                  checked={quiet !== null}
                  onCheckedChange={(on) =>
                    set({ quiet_hours: on ? { start: "22:00", end: "07:00", time_zone: browserZone() } : null })
                  }
                />
                <Label htmlFor={`${id}-quiet`}>{t("preferences.quietEnabled")}</Label>
              </div>
              {quiet && (
                <div className="grid gap-3 sm:grid-cols-[8rem_8rem_minmax(0,1fr)]">
                  <div className="grid gap-1.5">
                    <Label htmlFor={`${id}-from`}>{t("preferences.quietFrom")}</Label>
                    <Input
                      id={`${id}-from`}
                      type="time"
                      value={quiet.start}
                      onChange={(event) => set({ quiet_hours: { ...quiet, start: event.target.value } })}
                    />
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={`${id}-to`}>{t("preferences.quietTo")}</Label>
                    <Input
                      id={`${id}-to`}
                      type="time"
                      value={quiet.end}
                      onChange={(event) => set({ quiet_hours: { ...quiet, end: event.target.value } })}
                    />
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={`${id}-zone`}>{t("preferences.timeZone")}</Label>
                    <NativeSelect
                      id={`${id}-zone`}
                      value={quiet.time_zone}
                      onChange={(event) => set({ quiet_hours: { ...quiet, time_zone: event.target.value } })}
                    >
                      {(zoneList.includes(quiet.time_zone) ? zoneList : [quiet.time_zone, ...zoneList]).map((zone) => (
                        <option key={zone} value={zone}>
                          {zone}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                </div>
              )}
            </fieldset>
            <fieldset className="grid gap-2">
              <legend className="mb-1.5 text-sm font-semibold">{t("preferences.spaces")}</legend>
              <CheckRow
                id={`${id}-all`}
                label={t("preferences.allSpaces")}
                checked={draft.spaces.length === 0}
                onChange={(on) => set({ spaces: on ? [] : user.spaces.map((s) => s.space_uuid) })}
              />
              {draft.spaces.length > 0 && (
                <div className="grid gap-2 pl-6">
                  {user.spaces.map((space) => (
                    <CheckRow
                      key={space.space_uuid}
                      id={`${id}-space-${space.space_uuid}`}
                      label={space.space_name}
                      checked={draft.spaces.includes(space.space_uuid)}
                      onChange={(on) => set({ spaces: toggle(draft.spaces, space.space_uuid, on) })}
                    />
                  ))}
                </div>
              )}
            </fieldset>
            <div className="flex gap-2">
              <Button type="submit" disabled={!changed || save.isPending} aria-busy={save.isPending || undefined}>
                {t("preferences.save")}
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={!changed || save.isPending}
                onClick={() => setDraft(saved.data ?? null)}
              >
                {t("common.cancel")}
              </Button>
            </div>
          </form>
        )}
      </SettingsSection>
    </SettingsPage>
  );
}
