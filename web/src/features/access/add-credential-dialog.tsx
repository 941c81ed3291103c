import "@/lib/i18n/locales/en-access";
import type { CredentialKind, IssuedCredential } from "@contracts/access/schema";
import { CREDENTIAL_NAME_MAX } from "@contracts/access/values";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormAlert } from "@/components/form-alert";
import { FormDialog } from "@/components/form-dialog";
import { Combobox } from "@/components/ui/combobox";
import { FormField, fieldProps } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useLocationOptions } from "@/features/locations/use-location-options";
import { toFormFailure } from "@/lib/api/form-failure";
import { useT } from "@/lib/i18n";
import { accessQueries, type CredentialAdd, useAddCredential } from "./queries";

type AddCredentialDialogProps = {
  space: string;
  kind: CredentialKind | null;
  onOpenChange: (open: boolean) => void;
  /** The new credential with its secret: the page shows it once. */
  onCreated: (credential: IssuedCredential) => void;
};

type Narrow = "space" | "group" | "location";

const FIELDS = ["name", "scope", "location_group_uuid", "location_uuid", "expires_at"] as const;

/** A datetime-local value (the browser's time zone) as an ISO instant, or null when empty. */
export function expiryOf(local: string): string | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The Admin's form for a new display link (name, what it shows, expiry) or API token (name, scope, expiry). */
export function AddCredentialDialog({ space, kind, onOpenChange, onCreated }: AddCredentialDialogProps) {
  const t = useT();
  const add = useAddCredential(space);
  const [name, setName] = useState("");
  const [narrow, setNarrow] = useState<Narrow>("space");
  const [target, setTarget] = useState("");
  const [scope, setScope] = useState<"read" | "operator">("read");
  const [expires, setExpires] = useState("");
  const display = kind === "display_link";
  const groups = useQuery({ ...accessQueries.groupOptions(space), enabled: display && narrow === "group" });
  const { options: locationOptions, ...locationSearch } = useLocationOptions(space, {
    enabled: display && narrow === "location",
    selected: narrow === "location" && target ? [target] : [],
  });
  const failure = add.error ? toFormFailure(add.error, FIELDS, t) : null;

  const reset = () => {
    setName("");
    setNarrow("space");
    setTarget("");
    setScope("read");
    setExpires("");
    add.reset();
  };

  const close = () => {
    reset();
    onOpenChange(false);
  };

  const submit = () => {
    if (!kind) return;
    const expires_at = expiryOf(expires);
    const request: CredentialAdd =
      kind === "display_link"
        ? {
            kind,
            input: {
              name,
              expires_at,
              location_group_uuid: narrow === "group" ? target || null : null,
              location_uuid: narrow === "location" ? target || null : null,
            },
          }
        : { kind, input: { name, scope, expires_at } };
    add.mutate(request, {
      onSuccess: (credential) => {
        reset();
        onCreated(credential);
      },
    });
  };

  return (
    <FormDialog
      open={kind !== null}
      onClose={close}
      form
      noValidate
      title={display ? t("access.form.displayTitle") : t("access.form.tokenTitle")}
      description={display ? t("access.displayLinks.text") : t("access.apiTokens.text")}
      label={t("access.form.create")}
      pending={add.isPending}
      disabled={name.trim() === "" || (narrow !== "space" && display && !target)}
      onConfirm={submit}
    >
      <FormAlert message={failure?.general ?? null} />
      <FormField
        id="credential-name"
        label={t("access.form.name")}
        required
        error={failure?.fields.name}
        count={name.length}
        max={CREDENTIAL_NAME_MAX}
      >
        <Input
          {...fieldProps("credential-name", failure?.fields.name, true)}
          value={name}
          maxLength={CREDENTIAL_NAME_MAX}
          placeholder={t("access.form.namePlaceholder")}
          onChange={(event) => setName(event.target.value)}
          autoFocus
        />
      </FormField>
      {display ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="credential-narrow" label={t("access.form.scope")}>
            <NativeSelect
              id="credential-narrow"
              value={narrow}
              onChange={(event) => {
                setNarrow(event.target.value as Narrow);
                setTarget("");
              }}
            >
              <option value="space">{t("access.scope.space")}</option>
              <option value="group">{t("access.form.group")}</option>
              <option value="location">{t("access.form.location")}</option>
            </NativeSelect>
          </FormField>
          {narrow !== "space" && (
            <FormField
              id="credential-target"
              label={narrow === "group" ? t("access.form.group") : t("access.form.location")}
              required
              error={narrow === "group" ? failure?.fields.location_group_uuid : failure?.fields.location_uuid}
            >
              {narrow === "location" ? (
                // A space may hold thousands of locations: searched on the server as the user types.
                <Combobox
                  {...fieldProps("credential-target", failure?.fields.location_uuid, true)}
                  value={target}
                  onChange={setTarget}
                  options={locationOptions}
                  {...locationSearch}
                  placeholder={t("access.form.choose")}
                  searchLabel={t("common.search")}
                  emptyText={t("common.noMatches")}
                />
              ) : (
                <NativeSelect
                  {...fieldProps("credential-target", failure?.fields.location_group_uuid, true)}
                  value={target}
                  onChange={(event) => setTarget(event.target.value)}
                >
                  <option value="">{t("access.form.choose")}</option>
                  {(groups.data ?? []).map((option) => (
                    <option key={option.uuid} value={option.uuid}>
                      {t("access.form.groupOption", {
                        name: option.name,
                        locations: option.locations_number,
                        devices: option.locations.reduce((sum, l) => sum + l.total_number, 0),
                      })}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          )}
        </div>
      ) : (
        <FormField id="credential-scope" label={t("access.form.tokenScope")} error={failure?.fields.scope}>
          <NativeSelect
            {...fieldProps("credential-scope", failure?.fields.scope)}
            value={scope}
            onChange={(event) => setScope(event.target.value as "read" | "operator")}
          >
            <option value="read">
              {t("access.scope.read")} — {t("access.form.readHint")}
            </option>
            <option value="operator">
              {t("access.scope.operator")} — {t("access.form.operatorHint")}
            </option>
          </NativeSelect>
        </FormField>
      )}
      <FormField id="credential-expires" label={t("access.form.expires")} error={failure?.fields.expires_at}>
        <Input
          {...fieldProps("credential-expires", failure?.fields.expires_at)}
          type="datetime-local"
          value={expires}
          onChange={(event) => setExpires(event.target.value)}
        />
        <p className="text-xs text-muted-foreground">{t("access.form.expiresHint")}</p>
      </FormField>
    </FormDialog>
  );
}
