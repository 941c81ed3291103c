import "@/lib/i18n/locales/en-alerting";
import "@/lib/i18n/locales/en-incidents";
import type { AlertRule } from "@contracts/alerting/schema";
import { useQuery } from "@tanstack/react-query";
import { PencilIcon, SirenIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { conditionLabel } from "@/features/incidents/incident-format";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { alertingQueries, useRuleMutations } from "./queries";
import { RuleDialog, type RuleDialogTarget } from "./rule-dialog";
import { conditionDetail, durationText, scopeText } from "./rule-logic";
import { SettingsPage, SettingsSection } from "./settings-section";

/** /alert-rules: the space's rules; an Admin adds, edits, enables and deletes them. */
export function RulesPage() {
  const t = useT();
  const { space } = useCurrentSpace();
  const spaceUuid = space.space_uuid;
  const { isAdmin } = usePermissions();
  const rules = useQuery(alertingQueries.rules(spaceUuid));
  const channels = useQuery(alertingQueries.channels(spaceUuid));
  const { edit, remove } = useRuleMutations(spaceUuid);
  const [target, setTarget] = useState<RuleDialogTarget>(null);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  const channelName = new Map(channels.data?.map((c) => [c.uuid, c.name]) ?? []);

  const toggle = (rule: AlertRule, enabled: boolean) =>
    edit.mutate(
      { uuid: rule.uuid, patch: { enabled } },
      {
        onSuccess: () =>
          showAlert({
            type: "success",
            message: t(enabled ? "rules.enabledNow" : "rules.disabledNow", { name: rule.name }),
          }),
        onError: (error) => showAlert({ type: "error", message: error.message }),
      },
    );

  return (
    <SettingsPage>
      <SettingsSection
        icon={SirenIcon}
        title={t("alerting.rules")}
        text={t("rules.text")}
        addLabel={t("rules.add")}
        onAdd={() => setTarget("new")}
        readOnly={!isAdmin}
        failed={rules.isError}
      >
        {rules.isPending ? (
          <div className="grid gap-2 p-4" role="status" aria-label={t("common.loading")}>
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : !rules.data ? null : rules.data.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted-foreground">{t("rules.empty")}</p>
        ) : (
          <>
            {/* Phones: one card per rule (the table's eight columns do not fit). */}
            <ul className="divide-y md:hidden" aria-label={t("alerting.rules")}>
              {rules.data.map((rule) => (
                <li key={rule.uuid} className="grid gap-1 px-4 py-3 text-[13px]" data-testid="rule-card">
                  <div className="flex items-start gap-2">
                    <span className={`min-w-0 flex-1 font-semibold ${rule.enabled ? "" : "text-muted-foreground"}`}>
                      {rule.name}
                    </span>
                    <Switch
                      checked={rule.enabled}
                      disabled={!isAdmin || edit.isPending}
                      onCheckedChange={(enabled) => toggle(rule, enabled)}
                      aria-label={t("rules.enable", { name: rule.name })}
                    />
                  </div>
                  <span>
                    {t(conditionLabel[rule.condition.kind])}
                    {conditionDetail(rule.condition, t) && (
                      <span className="text-muted-foreground"> · {conditionDetail(rule.condition, t)}</span>
                    )}
                  </span>
                  <span className="text-muted-foreground">
                    {scopeText(rule.scope, t)} · {durationText(rule.duration_s, t)} ·{" "}
                    {rule.channels.length
                      ? rule.channels.map((uuid) => channelName.get(uuid) ?? "…").join(", ")
                      : t("rules.noChannels")}
                  </span>
                  <div className="flex items-center gap-2">
                    {rule.open_incidents > 0 && (
                      <Link
                        to={`/incidents?state=open,acknowledged&rule=${rule.uuid}`}
                        className="font-semibold text-destructive hover:underline"
                      >
                        {t("incidents.activeCount", { count: rule.open_incidents })}
                      </Link>
                    )}
                    {isAdmin && (
                      <div className="ml-auto flex gap-1">
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          onClick={() => setTarget(rule)}
                          aria-label={`${t("common.edit")} ${rule.name}`}
                        >
                          <PencilIcon aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          onClick={() => setDeleting(rule)}
                          aria-label={`${t("common.delete")} ${rule.name}`}
                        >
                          <Trash2Icon aria-hidden="true" />
                        </Button>
                      </div>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <div className="overflow-x-auto max-md:hidden">
              <table className="w-full min-w-[760px] text-[13px]" aria-label={t("alerting.rules")}>
                <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                  <tr>
                    <th className="px-4 py-2 font-medium">{t("rules.column.name")}</th>
                    <th className="px-3 py-2 font-medium">{t("rules.column.condition")}</th>
                    <th className="px-3 py-2 font-medium">{t("rules.column.scope")}</th>
                    <th className="px-3 py-2 font-medium">{t("rules.column.duration")}</th>
                    <th className="px-3 py-2 font-medium">{t("rules.column.channels")}</th>
                    <th className="px-3 py-2 text-right font-medium">{t("rules.column.incidents")}</th>
                    <th className="px-3 py-2 font-medium">{t("rules.column.enabled")}</th>
                    {isAdmin && <th className="px-4 py-2" aria-label={t("alerting.column.actions")} />}
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {rules.data.map((rule) => (
                    <tr
                      key={rule.uuid}
                      data-testid="rule-row"
                      data-uuid={rule.uuid}
                      className={rule.enabled ? "" : "text-muted-foreground"}
                    >
                      <td className="px-4 py-2 font-medium">{rule.name}</td>
                      <td className="px-3 py-2">
                        {t(conditionLabel[rule.condition.kind])}
                        {conditionDetail(rule.condition, t) && (
                          <span className="block text-xs text-muted-foreground">
                            {conditionDetail(rule.condition, t)}
                          </span>
                        )}
                      </td>
                      <td className="px-3 py-2">{scopeText(rule.scope, t)}</td>
                      <td className="px-3 py-2 tabular-nums">{durationText(rule.duration_s, t)}</td>
                      <td className="max-w-56 truncate px-3 py-2">
                        {rule.channels.length
                          ? rule.channels.map((uuid) => channelName.get(uuid) ?? "…").join(", ")
                          : t("rules.noChannels")}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {rule.open_incidents > 0 ? (
                          <Link
                            to={`/incidents?state=open,acknowledged&rule=${rule.uuid}`}
                            className="font-semibold text-destructive hover:underline"
                          >
                            {rule.open_incidents}
                          </Link>
                        ) : (
                          0
                        )}
                      </td>
                      <td className="px-3 py-2">
                        <Switch
                          checked={rule.enabled}
                          disabled={!isAdmin || edit.isPending}
                          onCheckedChange={(enabled) => toggle(rule, enabled)}
                          aria-label={t("rules.enable", { name: rule.name })}
                        />
                      </td>
                      {isAdmin && (
                        <td className="px-4 py-2">
                          <div className="flex justify-end gap-1">
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              onClick={() => setTarget(rule)}
                              aria-label={`${t("common.edit")} ${rule.name}`}
                            >
                              <PencilIcon aria-hidden="true" />
                            </Button>
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              onClick={() => setDeleting(rule)}
                              aria-label={`${t("common.delete")} ${rule.name}`}
                            >
                              <Trash2Icon aria-hidden="true" />
                            </Button>
                          </div>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </SettingsSection>
      <RuleDialog space={spaceUuid} target={target} onClose={() => setTarget(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t("alerting.delete.title", { name: deleting?.name ?? "" })}
        description={t("alerting.delete.rule")}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.uuid, {
            onSuccess: () => showAlert({ type: "success", message: t("alerting.deleted", { name: deleting.name }) }),
            onError: (error) => showAlert({ type: "error", message: error.message }),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </SettingsPage>
  );
}
