import "@/lib/i18n/locales/en-assets";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { FormAlert, useFormFailure } from "@/components/form-alert";
import { FormFooter } from "@/components/form-footer";
import { FormField, fieldProps } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { MultiCombobox } from "@/components/ui/multi-combobox";
import { SheetBody } from "@/components/ui/sheet";
import { Switch } from "@/components/ui/switch";
import { useLocationOptions } from "@/features/locations/use-location-options";
import { useCurrentSpace } from "@/features/session/current-space";
import { toFormFailure } from "@/lib/api/form-failure";
import { useT } from "@/lib/i18n";

export type GroupFormValues = { name: string; location_uuids: string[]; active: boolean };
const GROUP_FORM_FIELDS = ["name", "location_uuids", "active"] as const;
const NAME_MAX = 256;

type GroupFormProps = {
  mode: "add" | "edit";
  defaultValues: GroupFormValues;
  submitLabel: string;
  /** Saves the group; a rejection's field and general errors are shown on the form. */
  onSave: (values: GroupFormValues) => Promise<unknown>;
  /** Leaves the form: on Cancel, and once it is saved. */
  onClose: () => void;
};

/** A location group: name (counter 256), linked locations (new ones flagged), Active (console.md §2.9). */
export function GroupForm({ mode, defaultValues, submitLabel, onSave, onClose }: GroupFormProps) {
  const t = useT();
  const { space } = useCurrentSpace();
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t("validation.required"))
          .max(NAME_MAX, t("validation.max", { max: NAME_MAX })),
        location_uuids: z.array(z.string()),
        active: z.boolean(),
      }),
    [t],
  );
  const form = useForm<GroupFormValues>({ resolver: zodResolver(schema), defaultValues, mode: "onChange" });
  const failure = useFormFailure(form);
  const name = useWatch({ control: form.control, name: "name" });
  const { errors, isSubmitting, isValid, isDirty } = form.formState;
  const chosen = useWatch({ control: form.control, name: "location_uuids" });
  const { options, ...locationSearch } = useLocationOptions(space.space_uuid, {
    selected: chosen,
    hint: (l) =>
      t("group.devicesAt", { count: l.total_number, place: [l.city, l.address].filter(Boolean).join(", ") || "—" }),
  });

  const submit = form.handleSubmit(async (values) => {
    failure.clear();
    try {
      await onSave(values);
    } catch (error) {
      failure.show(toFormFailure(error, GROUP_FORM_FIELDS, t));
      return;
    }
    onClose();
  });
  const blocked = isSubmitting || (mode === "edit" && (!isValid || !isDirty));

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-label={submitLabel}>
      <SheetBody className="flex max-w-2xl flex-col gap-5">
        <FormAlert message={failure.general} />
        <FormField
          id="group-name"
          label={t("group.field.name")}
          error={errors.name?.message}
          required
          count={name.length}
          max={NAME_MAX}
        >
          <Input {...fieldProps("group-name", errors.name?.message)} autoFocus {...form.register("name")} />
        </FormField>
        <Controller
          control={form.control}
          name="location_uuids"
          render={({ field, fieldState }) => (
            <FormField id="group-locations" label={t("group.field.locations")} error={fieldState.error?.message}>
              <MultiCombobox
                id="group-locations"
                values={field.value}
                onChange={field.onChange}
                options={options}
                {...locationSearch}
                addLabel={t("group.addLocation")}
                flag={(value) => (defaultValues.location_uuids.includes(value) ? undefined : t("group.new"))}
              />
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <div className="flex items-center gap-3">
              <Switch id="group-active" checked={field.value} onCheckedChange={field.onChange} />
              <Label htmlFor="group-active">{t("group.field.active")}</Label>
            </div>
          )}
        />
      </SheetBody>
      <FormFooter onCancel={onClose} label={submitLabel} pending={isSubmitting} disabled={blocked} />
    </form>
  );
}
