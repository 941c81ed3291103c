import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-devices";
import type { DeviceDetail } from "@contracts/devices/detail";
import { type MessageKey, useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { connectedLabel, type DeviceLook, deviceLook } from "../device-status";
import { ramGb, typeLabel } from "../logic/format";
import { StreakDays } from "../streak-days";
import { useStreak } from "../use-streak";
import { FactList } from "./fact-list";

function useUnknown() {
  const { t } = useI18n();
  return (value: string | null | undefined) => value || t("device.unknown");
}

/** Online or Offline once installed; otherwise the connected status (a device never installed is Not connected). */
const activityLabel = (look: DeviceLook): MessageKey =>
  look === "online" ? "device.status.online" : look === "offline" ? "device.status.offline" : connectedLabel[look];

export function AssetBasic({ device }: { device: DeviceDetail }) {
  const { t, lang } = useI18n();
  const known = useUnknown();
  const streak = useStreak(device);
  return (
    <FactList
      facts={[
        { label: t("device.asset.name"), value: device.name },
        { label: t("device.fact.category"), value: known(device.device_category_name) },
        { label: t("device.fact.type"), value: known(typeLabel(device.device_type_name)) },
        { label: t("device.fact.connection"), value: t(connectedLabel[device.connected_status]) },
        {
          label: t("device.asset.activity"),
          value: t(activityLabel(deviceLook(device))),
        },
        { label: t("device.asset.deviceStatus"), value: t(device.enabled ? "device.enabled" : "device.disabled") },
        {
          label: t("device.fact.streak"),
          value: (
            <StreakDays seconds={streak?.seconds}>
              <span className="font-mono tabular-nums">{streak?.text ?? "—"}</span>
            </StreakDays>
          ),
        },
        { label: t("device.asset.lastOnline"), value: known(formatDateTime(device.last_seen, lang)) },
        { label: t("device.asset.space"), value: device.space_name },
        { label: t("device.fact.location"), value: known(device.location_name) },
        { label: t("device.fact.addedOn"), value: formatDateTime(device.created_at, lang) },
        { label: t("device.asset.addedBy"), value: known(device.created_by) },
        { label: t("device.asset.connectedOn"), value: known(formatDateTime(device.installation_date, lang)) },
        { label: t("device.fact.uuid"), value: device.uuid, mono: true },
      ]}
    />
  );
}

export function AssetSpecs({ device }: { device: DeviceDetail }) {
  const { t } = useI18n();
  const known = useUnknown();
  const ram = ramGb(device.ram_size);
  const list = (values: string[]) => (values.length ? values.join(", ") : t("device.unknown"));
  return (
    <FactList
      facts={[
        { label: t("device.asset.os"), value: known(device.operating_system_name) },
        { label: t("device.asset.osVersion"), value: known(device.operating_system_version) },
        { label: t("device.asset.arch"), value: known(device.operating_system_architecture) },
        {
          label: t("device.asset.motherboard"),
          value: known([device.motherboard_manufacturer, device.motherboard_product_name].filter(Boolean).join(" ")),
        },
        { label: t("device.asset.cpu"), value: known(device.cpu_model ?? device.cpu_version) },
        { label: t("device.asset.cpuMaker"), value: known(device.cpu_manufacturer) },
        { label: t("device.asset.gpu"), value: list(device.graphic_cards.map((card) => card.model)) },
        {
          label: t("device.asset.drives"),
          value: list(
            device.storage_drives.map(
              (drive) => `${drive.model || drive.name} (${Math.round(drive.capacity / 1e9)} GB)`,
            ),
          ),
        },
        { label: t("device.asset.ram"), value: ram === null ? t("device.unknown") : `${ram} GB`, testId: "asset-ram" },
        { label: t("device.asset.localIps"), value: list(device.local_ip_addresses), mono: true },
        { label: t("device.asset.externalIp"), value: known(device.external_ip_address), mono: true },
        {
          label: t("device.asset.macs"),
          value: list(device.mac_addresses.map((mac) => mac.toUpperCase())),
          mono: true,
          testId: "asset-macs",
        },
      ]}
    />
  );
}

export function AssetInstall({ device }: { device: DeviceDetail }) {
  const { t, lang } = useI18n();
  const known = useUnknown();
  const facts = [
    { label: t("device.asset.installDate"), value: known(formatDateTime(device.installation_date, lang)) },
    { label: t("device.asset.imageUuid"), value: known(device.installation_image_uuid), mono: true },
    { label: t("device.asset.imageName"), value: known(device.installation_image_name) },
    { label: t("device.asset.salt"), value: known(device.salt_minion_id), mono: true },
    { label: t("device.asset.lastUpdated"), value: known(formatDateTime(device.updated_at, lang)) },
  ];
  // devices.md §2: Windows Computer devices also show a desk id (the machine id).
  if (device.device_type_name === "Windows Computer")
    facts.push({ label: t("device.asset.deskId"), value: known(device.machine_id), mono: true });
  return <FactList facts={facts} />;
}
