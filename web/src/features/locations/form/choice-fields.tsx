import "@/lib/i18n/locales/en-assets";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { Combobox } from "@/components/ui/combobox";
import { FormField, fieldProps } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import { referenceQueries } from "../queries";
import type { LocationFormValues } from "./location-schema";
import { browserTimezones, timezoneOptions } from "./timezones";

type ChoiceName = "location_type_uuid" | "country_code" | "timezone";
type Option = { value: string; label: string; hint?: string };

/** Each choice's label and its placeholder. */
const CHOICE_TEXTS = {
  location_type_uuid: { label: "location.field.type", placeholder: "location.chooseType" },
  country_code: { label: "location.field.country", placeholder: "location.chooseCountry" },
  timezone: { label: "location.field.timezone", placeholder: "location.chooseTimezone" },
} as const;

type ChoiceFieldProps = {
  name: ChoiceName;
  required?: boolean;
  options: Option[];
  /** After the user picked a value (not when the form is reset). */
  onPicked?: (value: string, previous: string) => void;
};

function ChoiceField({ name, required, options, onPicked }: ChoiceFieldProps) {
  const t = useT();
  const { control } = useFormContext<LocationFormValues>();
  const id = `location-${name}`;
  const texts = CHOICE_TEXTS[name];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={id} label={t(texts.label)} error={fieldState.error?.message} required={required}>
          <Combobox
            {...fieldProps(id, fieldState.error?.message)}
            value={field.value}
            onChange={(value) => {
              const previous = field.value;
              field.onChange(value);
              onPicked?.(value, previous);
            }}
            options={options}
            placeholder={t(texts.placeholder)}
            searchLabel={t("common.search")}
            emptyText={t("common.noMatches")}
          />
        </FormField>
      )}
    />
  );
}

export function TypeField({ required }: { required?: boolean }) {
  const types = useQuery(referenceQueries.locationTypes());
  const options = (types.data ?? []).map((type) => ({ value: type.uuid, label: type.name }));
  return <ChoiceField name="location_type_uuid" required={required} options={options} />;
}

/** Countries by name; the API takes the alpha-2 code. */
export function CountryField({ required }: { required?: boolean }) {
  const countries = useQuery(referenceQueries.countries());
  const { getValues, setValue, getFieldState } = useFormContext<LocationFormValues>();
  const options = (countries.data ?? []).map((c) => ({ value: c.code, label: c.name, hint: c.code }));
  const zoneOf = (code: string) => countries.data?.find((c) => c.code === code)?.timezone ?? "";
  // The time zone follows the country where it has one obvious zone, unless the user chose a
  // zone themselves: the form's starting zone and the previous country's suggestion are replaced.
  const suggestZone = (code: string, previous: string) => {
    const zone = zoneOf(code);
    if (!zone || !browserTimezones().includes(zone)) return;
    if (getFieldState("timezone").isDirty && getValues("timezone") !== zoneOf(previous)) return;
    setValue("timezone", zone, { shouldDirty: true, shouldValidate: true });
  };
  return <ChoiceField name="country_code" required={required} options={options} onPicked={suggestZone} />;
}

/** The browser's timezones, the space's first as the global timezone (console.md §3.4). */
export function TimezoneField({ spaceTimezone, required }: { spaceTimezone: string; required?: boolean }) {
  const t = useT();
  const globalLabel = t("location.globalTimezone");
  const options = useMemo(
    () => timezoneOptions(spaceTimezone, browserTimezones(), globalLabel),
    [spaceTimezone, globalLabel],
  );
  return <ChoiceField name="timezone" required={required} options={options} />;
}

/** The edit form shows the type without changing it (console.md §2.4 lists no type field there). */
export function FixedType({ name }: { name: string | null | undefined }) {
  const t = useT();
  return (
    <FormField id="location-type-fixed" label={t("location.field.type")}>
      <Input id="location-type-fixed" value={name ?? "—"} readOnly disabled />
    </FormField>
  );
}
