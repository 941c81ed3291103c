import "@/lib/i18n/locales/en-display-health";
import { updateSpace } from "@contracts/spaces/routes";
import type { CaptureSettings } from "@contracts/spaces/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LoaderCircleIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField, fieldProps } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { ControlPanelPage } from "@/features/locations/control-panel";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "@/features/space/queries";
import { usePermissions } from "@/features/space/use-permissions";
import { ApiError, callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { checkCaptureSettings, type Draft, draftOf, type Errors } from "./capture-settings";

/** /locations/global/screens: the space's capture interval, retention and whether Viewers see captures. */
export function CaptureSettingsPage() {
  const t = useT();
  const { space } = useCurrentSpace();
  const queryClient = useQueryClient();
  const detail = useQuery(spaceQueries.detail(space.space_uuid));
  const { isAdmin } = usePermissions();
  const [edited, setEdited] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const saved = detail.data ? draftOf(detail.data) : null;
  const draft = edited ?? saved;
  const dirty = Boolean(edited && saved && JSON.stringify(edited) !== JSON.stringify(saved));
  const save = useMutation({
    mutationFn: (patch: CaptureSettings) => callApi(updateSpace, { params: { space: space.space_uuid }, json: patch }),
    onSuccess: (next) => {
      queryClient.setQueryData(spaceQueries.detail(space.space_uuid).queryKey, next);
      setEdited(null);
      setErrors({});
      showAlert({ type: "success", message: t("displayHealth.settings.saved") });
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ""])) as Errors);
      showAlert({
        type: "error",
        message: t("displayHealth.settings.failed", { message: error.message }),
      });
    },
  });
  const change = (patch: Partial<Draft>) => {
    if (!draft) return;
    setEdited({ ...draft, ...patch });
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const checked = checkCaptureSettings(draft);
    setErrors(checked.errors);
    if (!checked.value) {
      showAlert({ type: "error", message: t("displayHealth.settings.invalid") });
      return;
    }
    save.mutate(checked.value);
  };
  const disabled = !isAdmin || save.isPending;

  return (
    <ControlPanelPage
      title={t("displayHealth.settings.title")}
      text={isAdmin ? t("displayHealth.settings.text") : t("displayHealth.settings.adminOnly")}
    >
      <form
        noValidate
        onSubmit={submit}
        data-testid="capture-settings"
        className="flex flex-col gap-4 rounded-lg border bg-card p-4"
      >
        {draft ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id="capture-interval"
                label={t("displayHealth.settings.interval")}
                error={errors.capture_interval_s}
              >
                <Input
                  {...fieldProps("capture-interval", errors.capture_interval_s, true)}
                  inputMode="numeric"
                  value={draft.capture_interval_s}
                  disabled={disabled}
                  onChange={(e) => change({ capture_interval_s: e.target.value })}
                />
                <p className="text-xs text-muted-foreground">{t("displayHealth.settings.intervalHint")}</p>
              </FormField>
              <FormField
                id="capture-retention"
                label={t("displayHealth.settings.retention")}
                error={errors.capture_retention_days}
              >
                <Input
                  {...fieldProps("capture-retention", errors.capture_retention_days, true)}
                  inputMode="numeric"
                  value={draft.capture_retention_days}
                  disabled={disabled}
                  onChange={(e) => change({ capture_retention_days: e.target.value })}
                />
                <p className="text-xs text-muted-foreground">{t("displayHealth.settings.retentionHint")}</p>
              </FormField>
            </div>
            <div className="flex items-start gap-3">
              <Switch
                id="viewers-see-captures"
                checked={draft.viewers_see_captures}
                disabled={disabled}
                onCheckedChange={(checked) => change({ viewers_see_captures: checked })}
                aria-describedby="viewers-see-captures-hint"
              />
              <div className="flex flex-col gap-0.5">
                <label htmlFor="viewers-see-captures" className="text-sm font-medium">
                  {t("displayHealth.settings.viewers")}
                </label>
                <p id="viewers-see-captures-hint" className="text-xs text-muted-foreground">
                  {t("displayHealth.settings.viewersHint")}
                </p>
              </div>
            </div>
          </>
        ) : (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-6 w-1/2" />
          </div>
        )}
        {isAdmin && (
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={!dirty || save.isPending}
              onClick={() => {
                setEdited(null);
                setErrors({});
              }}
            >
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={!dirty || save.isPending}>
              {save.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {t("common.save")}
            </Button>
          </div>
        )}
      </form>
    </ControlPanelPage>
  );
}
