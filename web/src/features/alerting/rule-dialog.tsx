import "@/lib/i18n/locales/en-alerting";
import { ALERT_CONDITIONS, type AlertCondition, type AlertRule, SCOPE_KINDS } from "@contracts/alerting/schema";
import { DEVICE_HEADINGS, MONITORED_PERIPHERAL_TYPES } from "@contracts/devices/health";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { MultiFilterCombobox } from "@/components/filter-combobox";
import { FormAlert } from "@/components/form-alert";
import { FormDialog } from "@/components/form-dialog";
import { FormField, fieldProps } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { conditionLabel } from "@/features/incidents/incident-format";
import { headingLabel } from "@/features/monitor/performance-filters";
import { toFormFailure } from "@/lib/api/form-failure";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { CheckRow } from "./check-row";
import { alertingQueries, useRuleMutations } from "./queries";
import { defaultCondition, draftOf, emptyDraft, inputOf, type RuleDraft, scopeLabel } from "./rule-logic";
import { useScopeOptions } from "./use-scope-options";

const FIELDS = ["name", "condition", "scope", "uuids", "scope.uuids", "duration_s", "channels"] as const;
const HEADINGS = [...DEVICE_HEADINGS.map((h) => h.key), ...MONITORED_PERIPHERAL_TYPES];

/** `rule`: edit it; `"new"`: add one; null: closed. */
export type RuleDialogTarget = AlertRule | "new" | null;

/** An Admin's form of a rule: name, condition and its options, scope, duration, channels, enabled. */
export function RuleDialog({
  space,
  target,
  onClose,
}: {
  space: string;
  target: RuleDialogTarget;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const { add, edit } = useRuleMutations(space);
  const save = target === "new" ? add : edit;
  const [draft, setDraft] = useState<RuleDraft>(emptyDraft);
  const channels = useQuery({ ...alertingQueries.channels(space), enabled: target !== null });
  const scope = useScopeOptions(space, draft.scope.kind, draft.scope.uuids);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opening
  useEffect(() => {
    if (target === null) return;
    setDraft(target === "new" ? emptyDraft() : draftOf(target));
    add.reset();
    edit.reset();
  }, [target]);
  const failure = save.error ? toFormFailure(save.error, FIELDS, t) : null;
  const set = (patch: Partial<RuleDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setCondition = (patch: Partial<AlertCondition>) =>
    setDraft((d) => ({ ...d, condition: { ...d.condition, ...patch } as AlertCondition }));
  const submit = () => {
    if (target === null) return;
    const input = inputOf(draft);
    const done = () => {
      showAlert({ type: "success", message: t("alerting.saved", { name: input.name }) });
      onClose();
    };
    if (target === "new") add.mutate(input, { onSuccess: done });
    else edit.mutate({ uuid: target.uuid, patch: input }, { onSuccess: done });
  };
  const c = draft.condition;
  return (
    <FormDialog
      open={target !== null}
      onClose={() => !save.isPending && onClose()}
      form
      noValidate
      title={t(target === "new" ? "rules.add" : "rules.edit")}
      description={t("rules.text")}
      label={t("common.save")}
      pending={save.isPending}
      onConfirm={submit}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl"
    >
      <div className="grid gap-4">
        <FormAlert message={failure?.general ?? null} />
        <FormField id={`${id}-name`} label={t("rules.field.name")} required error={failure?.fields.name}>
          <Input
            {...fieldProps(`${id}-name`, failure?.fields.name, true)}
            value={draft.name}
            maxLength={120}
            autoFocus
            onChange={(event) => set({ name: event.target.value })}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-condition`} label={t("rules.field.condition")} error={failure?.fields.condition}>
            <NativeSelect
              id={`${id}-condition`}
              value={c.kind}
              onChange={(event) => {
                const kind = ALERT_CONDITIONS.find((k) => k === event.target.value);
                if (kind) set({ condition: defaultCondition(kind) });
              }}
            >
              {ALERT_CONDITIONS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(conditionLabel[kind])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {(c.kind === "health" || c.kind === "location_offline") && (
            <FormField id={`${id}-level`} label={t("rules.field.level")}>
              <NativeSelect
                id={`${id}-level`}
                value={c.level}
                onChange={(event) => setCondition({ level: event.target.value } as Partial<AlertCondition>)}
              >
                {c.kind === "health" ? (
                  <>
                    <option value="critical">{t("rules.field.healthLevel.critical")}</option>
                    <option value="warning">{t("rules.field.healthLevel.warning")}</option>
                  </>
                ) : (
                  <>
                    <option value="full">{t("rules.field.locationLevel.full")}</option>
                    <option value="partial">{t("rules.field.locationLevel.partial")}</option>
                  </>
                )}
              </NativeSelect>
            </FormField>
          )}
          {c.kind === "command_failures" && (
            <FormField id={`${id}-failures`} label={t("rules.field.minFailures")}>
              <Input
                id={`${id}-failures`}
                type="number"
                min={1}
                max={100}
                value={c.min_failures}
                onChange={(event) => setCondition({ min_failures: Number(event.target.value) })}
              />
            </FormField>
          )}
        </div>
        {c.kind === "health" && (
          <FormField id={`${id}-headings`} label={t("rules.field.headings")}>
            <MultiFilterCombobox
              label={t("rules.field.headings")}
              values={c.headings}
              onChange={(headings) => setCondition({ headings })}
              options={HEADINGS.map((key) => ({ value: key, label: t(headingLabel[key]) }))}
              placeholder={t("rules.field.anyHeading")}
              className="w-full"
            />
          </FormField>
        )}
        {(c.kind === "device_offline" || c.kind === "location_offline") && (
          <CheckRow
            id={`${id}-outside`}
            label={t("rules.field.outsideHours")}
            hint={t("rules.field.outsideHoursHint")}
            checked={c.outside_working_hours}
            onChange={(outside_working_hours) => setCondition({ outside_working_hours })}
          />
        )}
        {c.kind === "application_crashed" && (
          <CheckRow
            id={`${id}-loop`}
            label={t("rules.field.crashLoopOnly")}
            checked={c.crash_loop_only}
            onChange={(crash_loop_only) => setCondition({ crash_loop_only })}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-scope`} label={t("rules.field.scope")} error={failure?.fields.scope}>
            <NativeSelect
              id={`${id}-scope`}
              value={draft.scope.kind}
              onChange={(event) => {
                const kind = SCOPE_KINDS.find((k) => k === event.target.value);
                if (kind) set({ scope: { kind, uuids: [] } });
              }}
            >
              {SCOPE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(scopeLabel[kind])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {draft.scope.kind !== "all" && (
            <FormField
              id={`${id}-items`}
              label={t("rules.field.scopeItems")}
              error={failure?.fields.uuids ?? failure?.fields["scope.uuids"]}
            >
              <MultiFilterCombobox
                label={t(scopeLabel[draft.scope.kind])}
                values={draft.scope.uuids}
                onChange={(uuids) => set({ scope: { ...draft.scope, uuids } })}
                options={scope.options}
                search={scope.search}
                placeholder={t("rules.scope.choose")}
                className="w-full"
                data-testid="rule-scope-items"
              />
            </FormField>
          )}
        </div>
        <FormField id={`${id}-duration`} label={t("rules.field.duration")} error={failure?.fields.duration_s}>
          <Input
            {...fieldProps(`${id}-duration`, failure?.fields.duration_s)}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={draft.minutes}
            className="sm:w-40"
            onChange={(event) => set({ minutes: event.target.value })}
          />
          <p className="text-xs text-muted-foreground">{t("rules.field.durationHint")}</p>
        </FormField>
        <fieldset className="grid gap-2">
          <legend className="mb-1.5 text-sm font-medium">{t("rules.field.channels")}</legend>
          {channels.data?.length === 0 && (
            <p className="text-xs text-muted-foreground">{t("rules.field.noChannels")}</p>
          )}
          {channels.data?.map((channel) => (
            <CheckRow
              key={channel.uuid}
              id={`${id}-ch-${channel.uuid}`}
              label={`${channel.name} · ${t(channel.kind === "email" ? "channels.kind.email" : "channels.kind.webhook")}`}
              checked={draft.channels.includes(channel.uuid)}
              onChange={(on) =>
                set({
                  channels: on
                    ? [...draft.channels, channel.uuid]
                    : draft.channels.filter((uuid) => uuid !== channel.uuid),
                })
              }
            />
          ))}
          {failure?.fields.channels && <p className="text-xs text-destructive">{failure.fields.channels}</p>}
        </fieldset>
        <div className="flex items-center gap-2">
          <Switch id={`${id}-enabled`} checked={draft.enabled} onCheckedChange={(enabled) => set({ enabled })} />
          <Label htmlFor={`${id}-enabled`}>{t("rules.field.enabled")}</Label>
        </div>
      </div>
    </FormDialog>
  );
}
