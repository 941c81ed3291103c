import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-devices";
import type { DeviceDetail } from "@contracts/devices/detail";
import { typeLabel } from "@/features/devices/logic/format";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { DeviceStatusBadge, deviceClassLabel, deviceLook } from "../device-status";
import { StreakDays } from "../streak-days";
import { useStreak } from "../use-streak";
import { FactList } from "./fact-list";

/** The right column of the general tab (devices.md §2). */
export function GeneralFacts({ device }: { device: DeviceDetail }) {
  const { t, lang } = useI18n();
  const streak = useStreak(device);
  const none = <span className="text-muted-foreground">{t("device.none")}</span>;
  return (
    <FactList
      className="rounded-lg border bg-card p-4"
      facts={[
        { label: t("device.fact.category"), value: device.device_category_name || none },
        { label: t("device.fact.type"), value: typeLabel(device.device_type_name) || none },
        { label: t("device.fact.class"), value: device.device_class ? t(deviceClassLabel[device.device_class]) : none },
        {
          label: t("device.fact.connection"),
          // Online or Offline once installed; a device never installed reads Not connected (its own look).
          value: <DeviceStatusBadge look={deviceLook(device)} />,
        },
        { label: t("device.fact.enabled"), value: t(device.enabled ? "device.enabled" : "device.disabled") },
        {
          label: t("device.fact.streak"),
          value: (
            <StreakDays seconds={streak?.seconds}>
              <span className="font-mono tabular-nums">{streak?.text ?? "—"}</span>
            </StreakDays>
          ),
          testId: "device-streak",
        },
        { label: t("device.fact.location"), value: device.location_name ?? none },
        { label: t("device.fact.addedOn"), value: formatDateTime(device.created_at, lang) },
        { label: t("device.fact.uuid"), value: device.uuid, mono: true },
        { label: t("device.fact.machineId"), value: device.machine_id || none, mono: Boolean(device.machine_id) },
        {
          label: t("device.fact.localIps"),
          value: device.local_ip_addresses.length ? device.local_ip_addresses.join(", ") : none,
          mono: device.local_ip_addresses.length > 0,
        },
      ]}
    />
  );
}
