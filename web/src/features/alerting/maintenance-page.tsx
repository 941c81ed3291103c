import "@/lib/i18n/locales/en-alerting";
import type { MaintenanceWindow } from "@contracts/alerting/schema";
import { useQuery } from "@tanstack/react-query";
import { ConstructionIcon, SquareIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { showAlert } from "@/lib/ui/alerts";
import { MaintenanceDialog, maintenanceScopeLabel } from "./maintenance-dialog";
import { alertingQueries, useMaintenanceMutations } from "./queries";
import { SettingsPage, SettingsSection } from "./settings-section";

type WindowState = "active" | "upcoming" | "ended";
const stateOf = (window: MaintenanceWindow, now: number): WindowState =>
  window.active ? "active" : Date.parse(window.start) > now ? "upcoming" : "ended";
const stateVariant = { active: "default", upcoming: "secondary", ended: "outline" } as const;

/** /maintenance: windows per location, group or tag; an Admin adds one, ends one early or deletes it. */
export function MaintenancePage() {
  const { t, lang } = useI18n();
  const { space } = useCurrentSpace();
  const spaceUuid = space.space_uuid;
  const { isAdmin } = usePermissions();
  const windows = useQuery(alertingQueries.maintenance(spaceUuid));
  const { remove } = useMaintenanceMutations(spaceUuid);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<MaintenanceWindow | null>(null);
  const now = Date.now();
  return (
    <SettingsPage>
      <SettingsSection
        icon={ConstructionIcon}
        title={t("alerting.maintenance")}
        text={t("maintenance.text")}
        addLabel={t("maintenance.add")}
        onAdd={() => setAdding(true)}
        readOnly={!isAdmin}
        failed={windows.isError}
      >
        {windows.isPending ? (
          <div className="grid gap-2 p-4" role="status" aria-label={t("common.loading")}>
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : !windows.data ? null : windows.data.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted-foreground">{t("maintenance.empty")}</p>
        ) : (
          <>
            {/* Phones: one card per window. */}
            <ul className="divide-y md:hidden" aria-label={t("alerting.maintenance")}>
              {windows.data.map((window) => {
                const state = stateOf(window, now);
                return (
                  <li key={window.uuid} className="grid gap-1 px-4 py-3 text-[13px]" data-state={state}>
                    <div className="flex items-center gap-2">
                      <span className="min-w-0 flex-1 font-semibold">
                        {window.scope.name}{" "}
                        <span className="font-normal text-muted-foreground">
                          · {t(maintenanceScopeLabel[window.scope.kind])}
                        </span>
                      </span>
                      <Badge variant={stateVariant[state]}>{t(`maintenance.state.${state}`)}</Badge>
                    </div>
                    <span className="tabular-nums text-muted-foreground">
                      {formatDateTime(window.start, lang)} → {formatDateTime(window.end, lang)}
                    </span>
                    <span className="break-words">{window.reason}</span>
                    <div className="flex items-center gap-2">
                      <span className="text-xs text-muted-foreground">{window.created_by?.name ?? "—"}</span>
                      {isAdmin && (
                        <div className="ml-auto">
                          <WindowActions window={window} state={state} onDelete={() => setDeleting(window)} />
                        </div>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
            <div className="overflow-x-auto max-md:hidden">
              <table className="w-full min-w-[720px] text-[13px]" aria-label={t("alerting.maintenance")}>
                <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                  <tr>
                    <th className="px-4 py-2 font-medium">{t("maintenance.column.scope")}</th>
                    <th className="px-3 py-2 font-medium">{t("maintenance.column.when")}</th>
                    <th className="px-3 py-2 font-medium">{t("maintenance.column.reason")}</th>
                    <th className="px-3 py-2 font-medium">{t("maintenance.column.by")}</th>
                    <th className="px-3 py-2 font-medium">{t("maintenance.column.state")}</th>
                    {isAdmin && <th className="px-4 py-2" aria-label={t("alerting.column.actions")} />}
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {windows.data.map((window) => {
                    const state = stateOf(window, now);
                    return (
                      <tr key={window.uuid} data-testid="maintenance-row" data-state={state}>
                        <td className="px-4 py-2">
                          <span className="font-medium">{window.scope.name}</span>
                          <span className="block text-xs text-muted-foreground">
                            {t(maintenanceScopeLabel[window.scope.kind])}
                          </span>
                        </td>
                        <td className="px-3 py-2 tabular-nums">
                          {formatDateTime(window.start, lang)}
                          <span className="block text-xs text-muted-foreground">
                            → {formatDateTime(window.end, lang)}
                          </span>
                        </td>
                        <td className="max-w-72 px-3 py-2 break-words">{window.reason}</td>
                        <td className="px-3 py-2">{window.created_by?.name ?? "—"}</td>
                        <td className="px-3 py-2">
                          <Badge variant={stateVariant[state]}>{t(`maintenance.state.${state}`)}</Badge>
                        </td>
                        {isAdmin && (
                          <td className="px-4 py-2">
                            <WindowActions window={window} state={state} onDelete={() => setDeleting(window)} />
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </SettingsSection>
      <MaintenanceDialog space={spaceUuid} open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t("alerting.delete.title", { name: deleting?.scope.name ?? "" })}
        description={t("alerting.delete.window")}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.uuid, {
            onSuccess: () =>
              showAlert({ type: "success", message: t("alerting.deleted", { name: deleting.scope.name }) }),
            onError: (error) => showAlert({ type: "error", message: error.message }),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </SettingsPage>
  );
}

/** End an active window now, or delete one (asks first). */
function WindowActions(props: { window: MaintenanceWindow; state: WindowState; onDelete: () => void }) {
  const { window, state, onDelete } = props;
  const { t } = useI18n();
  const { space } = useCurrentSpace();
  const { end } = useMaintenanceMutations(space.space_uuid);
  return (
    <div className="flex justify-end gap-1">
      {state === "active" && (
        <Button
          size="sm"
          variant="outline"
          disabled={end.isPending}
          onClick={() =>
            end.mutate(window.uuid, {
              onSuccess: () =>
                showAlert({ type: "success", message: t("maintenance.ended", { name: window.scope.name }) }),
              onError: (error) => showAlert({ type: "error", message: error.message }),
            })
          }
        >
          <SquareIcon aria-hidden="true" />
          {t("maintenance.end")}
        </Button>
      )}
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={onDelete}
        aria-label={`${t("common.delete")} ${window.scope.name}`}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </div>
  );
}
