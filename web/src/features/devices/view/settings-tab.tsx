import { SettingsIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { useT } from "@/lib/i18n";

/** Remote and power actions are a later issue; the tab says so instead of offering dead buttons. */
export function SettingsTab() {
  const t = useT();
  return <EmptyState icon={SettingsIcon} title={t("device.settings.title")} description={t("device.settings.text")} />;
}
