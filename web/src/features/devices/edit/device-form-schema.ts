import "@/lib/i18n/locales/en-assets";
import { DEVICE_CLASSES } from "@contracts/devices/schema";
import { z } from "zod";
import type { TFunction } from "@/lib/i18n";

export const DEVICE_NAME_MAX = 256;
export const DEVICE_DESCRIPTION_MAX = 1000;

/** The edit form (devices.md §2): name, description (1000), tags. */
export const deviceEditSchema = (t: TFunction) =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, t("validation.required"))
      .max(DEVICE_NAME_MAX, t("validation.max", { max: DEVICE_NAME_MAX })),
    description: z.string().max(DEVICE_DESCRIPTION_MAX, t("validation.max", { max: DEVICE_DESCRIPTION_MAX })),
    tag_uuids: z.array(z.string()),
  });
export type DeviceEditValues = z.infer<ReturnType<typeof deviceEditSchema>>;

/** Add Runner Device (console.md §2.8): Add only with a name and a location. */
export const deviceAddSchema = (t: TFunction) =>
  deviceEditSchema(t).extend({
    location: z.string().min(1, t("validation.required")),
    device_class: z.enum(["", ...DEVICE_CLASSES]),
  });
export type DeviceAddValues = z.infer<ReturnType<typeof deviceAddSchema>>;
