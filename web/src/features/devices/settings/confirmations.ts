import "@/lib/i18n/locales/en-device";
import type { MessageKey } from "@/lib/i18n";

/** devices.md §5: disable, reboot, shutdown and replacement-code generation ask first. */
export type Confirmation = "disable" | "reboot" | "shutdown" | "replacement";

export const confirmations: Record<Confirmation, { title: MessageKey; text: MessageKey; action: MessageKey }> = {
  disable: {
    title: "device.settings.confirm.disable.title",
    text: "device.settings.confirm.disable.text",
    action: "device.settings.confirm.disable.action",
  },
  reboot: {
    title: "device.settings.confirm.reboot.title",
    text: "device.settings.confirm.reboot.text",
    action: "device.settings.reboot",
  },
  shutdown: {
    title: "device.settings.confirm.shutdown.title",
    text: "device.settings.confirm.shutdown.text",
    action: "device.settings.shutdown",
  },
  replacement: {
    title: "device.settings.confirm.replacement.title",
    text: "device.settings.confirm.replacement.text",
    action: "device.settings.confirm.replacement.action",
  },
};
