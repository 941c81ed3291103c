import "@/lib/i18n/locales/en-device";
import { DEVICE_CLASSES } from "@contracts/devices/schema";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { useFlyoutClose } from "@/app/flyout";
import { FormFooter } from "@/components/form-footer";
import { Combobox } from "@/components/ui/combobox";
import { FormField, fieldProps } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { SheetBody, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { useLocationOptions } from "@/features/locations/use-location-options";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { deviceClassLabel } from "../device-status";
import { type DeviceAddValues, deviceAddSchema } from "../edit/device-form-schema";
import { DeviceTagsField } from "../edit/device-tags-field";
import { DeviceTextFields } from "../edit/device-text-fields";
import { deviceViewPath } from "../paths";
import { useAddDevice } from "../use-device-mutations";

const empty: DeviceAddValues = { name: "", description: "", tag_uuids: [], location: "", device_class: "" };

/** /devices/addDeviceRunner: sections Add New and Tags; on success the route becomes the new device's view. */
export function AddRunnerPanel() {
  const t = useT();
  const navigate = useNavigate();
  const close = useFlyoutClose();
  const { space } = useCurrentSpace();
  const add = useAddDevice();
  const form = useForm<DeviceAddValues>({ resolver: zodResolver(deviceAddSchema(t)), defaultValues: empty });
  const [name, location] = useWatch({ control: form.control, name: ["name", "location"] });
  const { options: locationOptions, ...locationSearch } = useLocationOptions(space.space_uuid, {
    selected: location ? [location] : [],
  });
  const ready = name.trim() !== "" && location !== "";
  const { errors } = form.formState;

  return (
    <form
      className="flex min-h-0 flex-1 flex-col"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        add.mutate(
          {
            name: values.name,
            description: values.description || null,
            tag_uuids: values.tag_uuids,
            location: values.location,
            device_class: values.device_class || null,
          },
          { onSuccess: (device) => navigate(deviceViewPath(device.space_uuid, device.uuid), { replace: true }) },
        ),
      )}
    >
      <SheetHeader>
        <SheetTitle>{t("device.add.title")}</SheetTitle>
        <SheetDescription>{t("flyout.subtitle")}</SheetDescription>
      </SheetHeader>
      <SheetBody className="flex max-w-2xl flex-col gap-6">
        <fieldset className="flex flex-col gap-5">
          <legend className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t("device.add.section.new")}
          </legend>
          <DeviceTextFields form={form} />
          <Controller
            control={form.control}
            name="location"
            render={({ field }) => (
              <FormField
                id="device-location"
                label={t("device.add.location")}
                required
                error={errors.location?.message}
              >
                <Combobox
                  {...fieldProps("device-location", errors.location?.message, true)}
                  value={field.value}
                  onChange={field.onChange}
                  options={locationOptions}
                  {...locationSearch}
                  placeholder={t("device.add.locationPick")}
                  searchLabel={t("common.search")}
                  emptyText={t("common.noMatches")}
                />
              </FormField>
            )}
          />
          <FormField id="device-class" label={t("device.add.class")}>
            <NativeSelect id="device-class" {...form.register("device_class")}>
              <option value="">{t("device.add.classNone")}</option>
              {DEVICE_CLASSES.map((value) => (
                <option key={value} value={value}>
                  {t(deviceClassLabel[value])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t("device.add.section.tags")}
          </legend>
          <Controller
            control={form.control}
            name="tag_uuids"
            render={({ field }) => <DeviceTagsField id="device-tags" values={field.value} onChange={field.onChange} />}
          />
        </fieldset>
      </SheetBody>
      <FormFooter onCancel={close} label={t("device.add.submit")} pending={add.isPending} disabled={!ready} />
    </form>
  );
}
