import "@/lib/i18n/locales/en-assets";
import type { Space } from "@contracts/spaces/schema";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { FormAlert, useFormFailure } from "@/components/form-alert";
import { FormFooter } from "@/components/form-footer";
import { SheetBody } from "@/components/ui/sheet";
import { toFormFailure } from "@/lib/api/form-failure";
import { useT } from "@/lib/i18n";
import { CountryField, FixedType, TimezoneField, TypeField } from "./choice-fields";
import { CustomFieldInputs } from "./custom-field-inputs";
import { FormSection } from "./form-section";
import { LOCATION_FORM_FIELDS } from "./form-values";
import {
  ADD_REQUIRED,
  type CustomFieldRule,
  customFieldRules,
  DESCRIPTION_MAX,
  EDIT_REQUIRED,
  TEXT_MAX,
} from "./location-rules";
import { type FormMode, type LocationFormValues, locationFormSchema } from "./location-schema";
import { MapFields } from "./map-fields";
import { TagPicker } from "./tag-picker";
import { TextField } from "./text-field";

type LocationFormProps = {
  mode: FormMode;
  defaultValues: LocationFormValues;
  /** The space's settings: its timezone and the custom fields the form asks for. */
  space: Space;
  /** Edit: the location's type (not editable) drives the per-type requirements. */
  typeName?: string | null;
  submitLabel: string;
  /** Saves the location; a rejection's field and general errors are shown on the form. */
  onSave: (values: LocationFormValues, customFields: readonly CustomFieldRule[]) => Promise<unknown>;
  /** Leaves the form: on Cancel, and once it is saved. */
  onClose: () => void;
};

/** Add and edit a location (console.md §2.4, §5): details, place, map and custom fields. */
export function LocationForm({
  mode,
  defaultValues,
  space,
  typeName,
  submitLabel,
  onSave,
  onClose,
}: LocationFormProps) {
  const t = useT();
  const customFields = useMemo(() => customFieldRules(space), [space]);
  const schema = useMemo(() => locationFormSchema({ mode, customFields, t }), [mode, customFields, t]);
  const form = useForm<LocationFormValues>({ resolver: zodResolver(schema), defaultValues });
  const failure = useFormFailure(form, { shouldFocus: true });
  const type = useWatch({ control: form.control, name: "location_type_uuid" });
  const required = new Set<string>(mode === "add" ? [...ADD_REQUIRED, ...(type ? ["timezone"] : [])] : EDIT_REQUIRED);
  const { isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    failure.clear();
    try {
      await onSave(values, customFields);
    } catch (error) {
      failure.show(toFormFailure(error, LOCATION_FORM_FIELDS, t));
      return;
    }
    onClose();
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-label={submitLabel}>
        <SheetBody className="flex flex-col gap-6">
          <FormAlert message={failure.general} />
          <div className="grid gap-8 lg:grid-cols-2">
            <div className="flex flex-col gap-6">
              <FormSection title={t("location.section.details")}>
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField
                    name="name"
                    label={t("location.field.name")}
                    max={TEXT_MAX}
                    required
                    autoFocus={mode === "add"}
                  />
                  <TextField
                    name="display_id"
                    label={t("location.field.displayId")}
                    max={TEXT_MAX}
                    required={required.has("display_id")}
                  />
                  {mode === "add" ? <TypeField required /> : <FixedType name={typeName} />}
                  <TimezoneField spaceTimezone={space.timezone} required={required.has("timezone")} />
                  <TextField
                    name="description"
                    label={t("location.field.description")}
                    max={DESCRIPTION_MAX}
                    multiline
                    className="sm:col-span-2"
                  />
                  <TagPicker />
                </div>
              </FormSection>
              <FormSection title={t("location.section.place")}>
                <div className="grid gap-4 sm:grid-cols-2">
                  <CountryField required={required.has("country_code")} />
                  <TextField
                    name="city"
                    label={t("location.field.city")}
                    max={TEXT_MAX}
                    required={required.has("city")}
                  />
                  <TextField
                    name="address"
                    label={t("location.field.address")}
                    max={TEXT_MAX}
                    required={required.has("address")}
                  />
                  <TextField
                    name="zip_code"
                    label={t("location.field.zip")}
                    max={TEXT_MAX}
                    required={required.has("zip_code")}
                  />
                </div>
              </FormSection>
            </div>
            <div className="flex flex-col gap-6">
              <FormSection title={t("location.section.map")}>
                <MapFields locate={mode === "add"} />
              </FormSection>
              {customFields.length > 0 && (
                <FormSection title={t("location.section.custom")}>
                  <CustomFieldInputs fields={customFields} />
                </FormSection>
              )}
            </div>
          </div>
        </SheetBody>
        <FormFooter
          onCancel={onClose}
          label={submitLabel}
          pending={isSubmitting}
          disabled={mode === "edit" && !isDirty}
        />
      </form>
    </FormProvider>
  );
}
