import "@/lib/i18n/locales/en-alerting";
import type { Channel, ChannelCreated, ChannelKind } from "@contracts/alerting/schema";
import { useEffect, useId, useState } from "react";
import { FormAlert } from "@/components/form-alert";
import { FormDialog } from "@/components/form-dialog";
import { FormField, fieldProps } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { toFormFailure } from "@/lib/api/form-failure";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { useChannelMutations } from "./queries";

const FIELDS = ["name", "kind", "target", "secret"] as const;

export type ChannelDialogTarget = Channel | "new" | null;

/** An Admin's form of a channel: name, kind (when added), target, webhook secret, enabled. */
export function ChannelDialog(props: {
  space: string;
  target: ChannelDialogTarget;
  onClose: () => void;
  /** A new webhook's generated secret, to be shown once. */
  onCreated: (channel: ChannelCreated) => void;
}) {
  const { space, target, onClose, onCreated } = props;
  const t = useT();
  const id = useId();
  const { add, edit } = useChannelMutations(space);
  const save = target === "new" ? add : edit;
  const [name, setName] = useState("");
  const [kind, setKind] = useState<ChannelKind>("webhook");
  const [address, setAddress] = useState("");
  const [secret, setSecret] = useState("");
  const [enabled, setEnabled] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opening
  useEffect(() => {
    if (target === null) return;
    setName(target === "new" ? "" : target.name);
    setKind(target === "new" ? "webhook" : target.kind);
    setAddress(target === "new" ? "" : target.target);
    setSecret("");
    setEnabled(target === "new" ? true : target.enabled);
    add.reset();
    edit.reset();
  }, [target]);
  const failure = save.error ? toFormFailure(save.error, FIELDS, t) : null;
  const targetProblem = failure?.fields.target;
  const submit = () => {
    if (target === null) return;
    const done = (channel: Channel) => {
      showAlert({ type: "success", message: t("alerting.saved", { name: channel.name }) });
      onClose();
    };
    if (target === "new")
      add.mutate(
        { name, kind, target: address, enabled, ...(secret ? { secret } : {}) },
        {
          onSuccess: (created) => {
            done(created);
            if (created.secret) onCreated(created);
          },
        },
      );
    else
      edit.mutate(
        { uuid: target.uuid, patch: { name, target: address, enabled, ...(secret ? { secret } : {}) } },
        { onSuccess: done },
      );
  };
  return (
    <FormDialog
      open={target !== null}
      onClose={() => !save.isPending && onClose()}
      form
      noValidate
      title={t(target === "new" ? "channels.add" : "channels.edit")}
      description={t("channels.text")}
      label={t("common.save")}
      pending={save.isPending}
      onConfirm={submit}
      className="sm:max-w-lg"
    >
      <div className="grid gap-4">
        <FormAlert message={failure?.general ?? null} />
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
          <FormField id={`${id}-name`} label={t("channels.field.name")} required error={failure?.fields.name}>
            <Input
              {...fieldProps(`${id}-name`, failure?.fields.name, true)}
              value={name}
              maxLength={120}
              autoFocus
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
          <FormField id={`${id}-kind`} label={t("channels.field.kind")}>
            <NativeSelect
              id={`${id}-kind`}
              value={kind}
              disabled={target !== "new"}
              onChange={(event) => setKind(event.target.value === "email" ? "email" : "webhook")}
            >
              <option value="webhook">{t("channels.kind.webhook")}</option>
              <option value="email">{t("channels.kind.email")}</option>
            </NativeSelect>
          </FormField>
        </div>
        <FormField
          id={`${id}-target`}
          label={t(kind === "email" ? "channels.field.targetEmail" : "channels.field.targetWebhook")}
          required
          error={targetProblem ?? undefined}
        >
          <Input
            {...fieldProps(`${id}-target`, targetProblem ?? undefined, true)}
            value={address}
            type={kind === "webhook" ? "url" : "text"}
            placeholder={kind === "webhook" ? "https://hooks.example.com/outpost" : "ops@example.com, members"}
            onChange={(event) => setAddress(event.target.value)}
          />
          {kind === "email" && <p className="text-xs text-muted-foreground">{t("channels.field.targetEmailHint")}</p>}
        </FormField>
        {kind === "webhook" && (
          <FormField id={`${id}-secret`} label={t("channels.field.secret")} error={failure?.fields.secret}>
            <Input
              {...fieldProps(`${id}-secret`, failure?.fields.secret)}
              value={secret}
              type="password"
              autoComplete="new-password"
              maxLength={256}
              onChange={(event) => setSecret(event.target.value)}
            />
            <p className="text-xs text-muted-foreground">
              {t(target !== "new" && target?.has_secret ? "channels.field.secretKeep" : "channels.field.secretHint")}
            </p>
          </FormField>
        )}
        <div className="flex items-center gap-2">
          <Switch id={`${id}-enabled`} checked={enabled} onCheckedChange={setEnabled} />
          <Label htmlFor={`${id}-enabled`}>{t("channels.field.enabled")}</Label>
        </div>
      </div>
    </FormDialog>
  );
}
