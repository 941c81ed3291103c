import "@/lib/i18n/locales/en-peripherals";
import type { ApplicationOption } from "@contracts/peripherals/schema";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { useT } from "@/lib/i18n";
import { optionValue, possibilityKey, possibilityLabel, possibilityValue } from "./app-options";

type Props = {
  /** Prefix of the control ids (display and app), so ids stay unique on the page. */
  idPrefix: string;
  options: readonly ApplicationOption[];
  config: Record<string, unknown>;
  disabled: boolean;
  onChange: (optionId: string, value: unknown) => void;
};

/** An application template's configurable options as a small form (devices.md §3 Application). */
export function AppOptionFields({ idPrefix, options, config, disabled, onChange }: Props) {
  return (
    <div className="grid gap-3">
      {options.map((option) => (
        <OptionField
          key={option.deterministic_id}
          id={`${idPrefix}-${option.deterministic_id}`}
          option={option}
          value={optionValue(option, config)}
          disabled={disabled}
          onChange={(value) => onChange(option.deterministic_id, value)}
        />
      ))}
    </div>
  );
}

type FieldProps = {
  id: string;
  option: ApplicationOption;
  value: unknown;
  disabled: boolean;
  onChange: (value: unknown) => void;
};

function OptionField({ id, option, value, disabled, onChange }: FieldProps) {
  const t = useT();
  const possibilities = option.possibilities ?? [];
  switch (option.type) {
    case "text_input":
      return (
        <FormField id={id} label={option.name}>
          <Input
            id={id}
            className="h-8"
            maxLength={256}
            value={typeof value === "string" ? value : value === undefined || value === null ? "" : String(value)}
            placeholder={option.placeholder_text}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
          />
        </FormField>
      );
    case "toggle":
      return (
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={id}>{option.name}</Label>
          <Switch id={id} checked={value === true} disabled={disabled} onCheckedChange={onChange} />
        </div>
      );
    case "select":
      return (
        <FormField id={id} label={option.name}>
          <Select
            value={possibilityKey(option, value)}
            disabled={disabled}
            onValueChange={(key) => onChange(possibilityValue(option, key))}
          >
            <SelectTrigger id={id} className="h-8">
              <SelectValue placeholder={t("device.periph.choose")} />
            </SelectTrigger>
            <SelectContent>
              {possibilities.map((possibility, index) => (
                <SelectItem key={possibilityLabel(possibility)} value={String(index)}>
                  {possibilityLabel(possibility)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      );
    case "radio":
      return (
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-[13px] leading-none font-medium">{option.name}</legend>
          <RadioGroup
            value={possibilityKey(option, value)}
            disabled={disabled}
            onValueChange={(key) => onChange(possibilityValue(option, key))}
          >
            {possibilities.map((possibility, index) => (
              <div key={possibilityLabel(possibility)} className="flex items-center gap-2">
                <RadioGroupItem id={`${id}-${index}`} value={String(index)} />
                <Label htmlFor={`${id}-${index}`} className="font-normal">
                  {possibilityLabel(possibility)}
                </Label>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
      );
  }
}
