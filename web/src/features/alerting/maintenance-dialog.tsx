import "@/lib/i18n/locales/en-alerting";
import { MAINTENANCE_SCOPES } from "@contracts/alerting/schema";
import { useEffect, useId, useState } from "react";
import { FilterCombobox } from "@/components/filter-combobox";
import { FormAlert } from "@/components/form-alert";
import { FormDialog } from "@/components/form-dialog";
import { FormField, fieldProps } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toFormFailure } from "@/lib/api/form-failure";
import { type MessageKey, useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { useMaintenanceMutations } from "./queries";
import { useScopeOptions } from "./use-scope-options";

type ScopeKind = (typeof MAINTENANCE_SCOPES)[number];
const FIELDS = ["scope_kind", "scope_uuid", "start", "end", "reason"] as const;
export const maintenanceScopeLabel: Record<ScopeKind, MessageKey> = {
  location: "maintenance.scope.location",
  group: "maintenance.scope.group",
  tag: "maintenance.scope.tag",
};

/** A Date as a datetime-local value in the browser's time zone (to the minute). */
export function localInputOf(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local value as an ISO instant ("" for an empty or unreadable one: the server says so). */
export const isoOf = (local: string) => {
  const at = new Date(local);
  return local && !Number.isNaN(at.getTime()) ? at.toISOString() : "";
};

/** An Admin's new maintenance window: a location, group or tag; start and end (local time); a reason. */
export function MaintenanceDialog({ space, open, onClose }: { space: string; open: boolean; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const { add } = useMaintenanceMutations(space);
  const [kind, setKind] = useState<ScopeKind>("location");
  const [target, setTarget] = useState("");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [reason, setReason] = useState("");
  const options = useScopeOptions(space, kind, target ? [target] : []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opening
  useEffect(() => {
    if (!open) return;
    const now = new Date();
    setKind("location");
    setTarget("");
    setStart(localInputOf(now));
    setEnd(localInputOf(new Date(now.getTime() + 2 * 3600_000)));
    setReason("");
    add.reset();
  }, [open]);
  const failure = add.error ? toFormFailure(add.error, FIELDS, t) : null;
  const name = options.options.find((o) => o.value === target)?.label ?? options.search?.labelOf(target) ?? "";
  const submit = () =>
    add.mutate(
      { scope_kind: kind, scope_uuid: target, start: isoOf(start), end: isoOf(end), reason },
      {
        onSuccess: (window) => {
          showAlert({ type: "success", message: t("maintenance.added", { name: window.scope.name || name }) });
          onClose();
        },
      },
    );
  return (
    <FormDialog
      open={open}
      onClose={() => !add.isPending && onClose()}
      form
      noValidate
      title={t("maintenance.add")}
      description={t("maintenance.text")}
      label={t("common.add")}
      pending={add.isPending}
      onConfirm={submit}
      className="sm:max-w-lg"
    >
      <div className="grid gap-4">
        <FormAlert message={failure?.general ?? null} />
        <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <FormField id={`${id}-kind`} label={t("maintenance.field.scopeKind")}>
            <NativeSelect
              id={`${id}-kind`}
              value={kind}
              onChange={(event) => {
                setKind(MAINTENANCE_SCOPES.find((k) => k === event.target.value) ?? "location");
                setTarget("");
              }}
            >
              {MAINTENANCE_SCOPES.map((k) => (
                <option key={k} value={k}>
                  {t(maintenanceScopeLabel[k])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            id={`${id}-target`}
            label={t("maintenance.field.target")}
            required
            error={failure?.fields.scope_uuid}
          >
            <FilterCombobox
              label={t(maintenanceScopeLabel[kind])}
              value={target}
              onChange={setTarget}
              options={options.options}
              placeholder={t("rules.scope.choose")}
              onQueryChange={options.search?.onQueryChange}
              loading={options.loading}
              moreText={options.search?.moreText}
              labelOf={options.search?.labelOf}
              className="w-full"
              id={`${id}-target`}
            />
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-start`} label={t("maintenance.field.start")} required error={failure?.fields.start}>
            <Input
              {...fieldProps(`${id}-start`, failure?.fields.start, true)}
              type="datetime-local"
              value={start}
              onChange={(event) => setStart(event.target.value)}
            />
          </FormField>
          <FormField id={`${id}-end`} label={t("maintenance.field.end")} required error={failure?.fields.end}>
            <Input
              {...fieldProps(`${id}-end`, failure?.fields.end, true)}
              type="datetime-local"
              value={end}
              onChange={(event) => setEnd(event.target.value)}
            />
          </FormField>
        </div>
        <FormField id={`${id}-reason`} label={t("maintenance.field.reason")} required error={failure?.fields.reason}>
          <Input
            {...fieldProps(`${id}-reason`, failure?.fields.reason, true)}
            value={reason}
            maxLength={500}
            placeholder={t("maintenance.field.reasonPlaceholder")}
            onChange={(event) => setReason(event.target.value)}
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
