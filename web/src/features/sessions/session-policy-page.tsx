import "@/lib/i18n/locales/en-sessions";
import { saveSessionPolicy } from "@contracts/sessions/routes";
import type { SessionPolicy } from "@contracts/sessions/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LoaderCircleIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { ControlPanelPage } from "@/features/locations/control-panel";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { callApi } from "@/lib/api/api";
import { type MessageKey, useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { sessionQueries } from "./queries";

const ROLES = [
  { code: "admin", label: "sessions.policy.admin" },
  { code: "content_manager", label: "sessions.policy.contentManager" },
] as const satisfies readonly { code: keyof SessionPolicy["rights"]; label: MessageKey }[];
const RIGHTS = [
  { right: "view", label: "sessions.policy.view" },
  { right: "control", label: "sessions.policy.control" },
  { right: "terminal", label: "sessions.policy.terminal" },
] as const satisfies readonly { right: keyof SessionPolicy["rights"]["admin"]; label: MessageKey }[];

/** /locations/global/sessions: what each role may open remotely, and recording (Admins change it). */
export function SessionPolicyPage() {
  const t = useT();
  const { space } = useCurrentSpace();
  const queryClient = useQueryClient();
  const { isAdmin } = usePermissions();
  const policy = useQuery(sessionQueries.policy(space.space_uuid));
  const [edited, setEdited] = useState<SessionPolicy | null>(null);
  const draft = edited ?? policy.data ?? null;
  const dirty = Boolean(edited && policy.data && JSON.stringify(edited) !== JSON.stringify(policy.data));
  const retentionOk = draft
    ? Number.isInteger(draft.recording.retention_days) &&
      draft.recording.retention_days >= 1 &&
      draft.recording.retention_days <= 3650
    : false;
  const save = useMutation({
    mutationFn: (next: SessionPolicy) =>
      callApi(saveSessionPolicy, { params: { space: space.space_uuid }, json: next }),
    onSuccess: (next) => {
      queryClient.setQueryData(sessionQueries.policy(space.space_uuid).queryKey, next);
      setEdited(null);
      showAlert({ type: "success", message: t("sessions.policy.saved") });
    },
    onError: (error) => showAlert({ type: "error", message: error.message }),
  });
  const disabled = !isAdmin || save.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft && retentionOk) save.mutate(draft);
  };

  return (
    <ControlPanelPage
      title={t("sessions.policy.title")}
      text={isAdmin ? t("sessions.policy.text") : t("sessions.policy.adminOnly")}
    >
      <form
        noValidate
        onSubmit={submit}
        data-testid="session-policy"
        className="flex flex-col gap-5 rounded-lg border bg-card p-4"
      >
        {!draft ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <>
            <table className="w-full max-w-xl text-sm">
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="py-1.5 pr-4 font-medium">{t("sessions.policy.role")}</th>
                  {RIGHTS.map((r) => (
                    <th key={r.right} className="px-2 py-1.5 text-center font-medium">
                      {t(r.label)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ROLES.map((role) => (
                  <tr key={role.code} className="border-t">
                    <th scope="row" className="py-2 pr-4 text-left font-medium">
                      {t(role.label)}
                    </th>
                    {RIGHTS.map((r) => (
                      <td key={r.right} className="px-2 py-2 text-center">
                        <Checkbox
                          aria-label={`${t(role.label)} · ${t(r.label)}`}
                          checked={draft.rights[role.code][r.right]}
                          disabled={disabled}
                          onCheckedChange={(checked) =>
                            setEdited({
                              ...draft,
                              rights: {
                                ...draft.rights,
                                [role.code]: { ...draft.rights[role.code], [r.right]: checked === true },
                              },
                            })
                          }
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <fieldset className="flex flex-col gap-4 border-t pt-4">
              <legend className="sr-only">{t("sessions.policy.recording")}</legend>
              <h3 className="text-sm font-semibold">{t("sessions.policy.recording")}</h3>
              {(
                [
                  ["required", "sessions.policy.required", "sessions.policy.requiredText"],
                  ["input", "sessions.policy.input", "sessions.policy.inputText"],
                ] as const
              ).map(([key, label, hint]) => (
                <div key={key} className="flex items-start gap-3">
                  <Switch
                    id={`recording-${key}`}
                    checked={draft.recording[key]}
                    disabled={disabled}
                    aria-describedby={`recording-${key}-hint`}
                    onCheckedChange={(checked) =>
                      setEdited({ ...draft, recording: { ...draft.recording, [key]: checked } })
                    }
                  />
                  <div className="flex flex-col gap-0.5">
                    <label htmlFor={`recording-${key}`} className="text-sm font-medium">
                      {t(label)}
                    </label>
                    <p id={`recording-${key}-hint`} className="text-xs text-muted-foreground">
                      {t(hint)}
                    </p>
                  </div>
                </div>
              ))}
              <div className="flex max-w-56 flex-col gap-1.5">
                <label htmlFor="recording-retention" className="text-sm font-medium">
                  {t("sessions.policy.retention")}
                </label>
                <Input
                  id="recording-retention"
                  inputMode="numeric"
                  aria-invalid={!retentionOk}
                  value={String(draft.recording.retention_days)}
                  disabled={disabled}
                  onChange={(e) =>
                    setEdited({
                      ...draft,
                      recording: { ...draft.recording, retention_days: Number(e.target.value.replace(/\D/g, "")) },
                    })
                  }
                />
              </div>
            </fieldset>
            {isAdmin && (
              <div className="flex justify-end">
                <Button type="submit" disabled={!dirty || !retentionOk || save.isPending}>
                  {save.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
                  {t("sessions.policy.save")}
                </Button>
              </div>
            )}
          </>
        )}
      </form>
    </ControlPanelPage>
  );
}
