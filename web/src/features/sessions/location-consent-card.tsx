import "@/lib/i18n/locales/en-sessions";
import { saveLocationConsent } from "@contracts/sessions/routes";
import type { LocationConsent } from "@contracts/sessions/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Segmented } from "@/components/ui/segmented";
import { Switch } from "@/components/ui/switch";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { sessionQueries } from "./queries";

/**
 * A location's consent prompt for remote sessions (in its view, for Admins): off, prompt, or
 * prompt during working hours; how long the device waits and what happens when nobody answers.
 */
export function LocationConsentCard({ location }: { location: string }) {
  const t = useT();
  const { space } = useCurrentSpace();
  const { isAdmin } = usePermissions();
  const queryClient = useQueryClient();
  const query = useQuery({ ...sessionQueries.consent(space.space_uuid, location), enabled: isAdmin });
  const [edited, setEdited] = useState<LocationConsent | null>(null);
  const draft = edited ?? query.data ?? null;
  const dirty = Boolean(edited && query.data && JSON.stringify(edited) !== JSON.stringify(query.data));
  const timeoutOk = draft ? draft.timeout_s >= 5 && draft.timeout_s <= 300 : false;
  const save = useMutation({
    mutationFn: (next: LocationConsent) =>
      callApi(saveLocationConsent, { params: { space: space.space_uuid, loc: location }, json: next }),
    onSuccess: (next) => {
      queryClient.setQueryData(sessionQueries.consent(space.space_uuid, location).queryKey, next);
      setEdited(null);
      showAlert({ type: "success", message: t("sessions.consent.saved") });
    },
    onError: (error) => showAlert({ type: "error", message: error.message }),
  });
  if (!isAdmin || !draft) return null;
  const asks = draft.mode !== "off";
  return (
    <section data-testid="location-consent" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <div>
        <h3 className="text-sm font-semibold">{t("sessions.consent.title")}</h3>
        <p className="text-xs text-muted-foreground">{t("sessions.consent.text")}</p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`consent-mode-${location}`} className="text-sm font-medium">
          {t("sessions.consent.mode")}
        </label>
        <NativeSelect
          id={`consent-mode-${location}`}
          value={draft.mode}
          onChange={(e) => setEdited({ ...draft, mode: e.target.value as LocationConsent["mode"] })}
        >
          <option value="off">{t("sessions.consent.off")}</option>
          <option value="prompt">{t("sessions.consent.prompt")}</option>
          <option value="working_hours">{t("sessions.consent.workingHours")}</option>
        </NativeSelect>
      </div>
      {asks && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`consent-timeout-${location}`} className="text-sm font-medium">
              {t("sessions.consent.timeout")}
            </label>
            <Input
              id={`consent-timeout-${location}`}
              inputMode="numeric"
              aria-invalid={!timeoutOk}
              value={String(draft.timeout_s)}
              onChange={(e) => setEdited({ ...draft, timeout_s: Number(e.target.value.replace(/\D/g, "")) })}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium">{t("sessions.consent.default")}</span>
            <Segmented
              label={t("sessions.consent.default")}
              value={draft.default_action}
              onValueChange={(default_action) => setEdited({ ...draft, default_action })}
              options={[
                { value: "allow", label: t("sessions.consent.allow") },
                { value: "deny", label: t("sessions.consent.deny") },
              ]}
            />
          </div>
        </div>
      )}
      <div className="flex items-center gap-3">
        <Switch
          id={`consent-banner-${location}`}
          checked={draft.banner}
          onCheckedChange={(banner) => setEdited({ ...draft, banner })}
        />
        <label htmlFor={`consent-banner-${location}`} className="text-sm">
          {t("sessions.consent.banner")}
        </label>
      </div>
      <div className="flex justify-end">
        <Button size="sm" disabled={!dirty || !timeoutOk || save.isPending} onClick={() => save.mutate(draft)}>
          {save.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          {t("sessions.policy.save")}
        </Button>
      </div>
    </section>
  );
}
