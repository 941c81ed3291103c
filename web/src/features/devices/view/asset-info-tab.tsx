import "@/lib/i18n/locales/en-device";
import type { DeviceDetail } from "@contracts/devices/detail";
import { useState } from "react";
import { type MessageKey, useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { AssetMonitoring } from "./asset-monitoring";
import { AssetBasic, AssetInstall, AssetSpecs } from "./asset-sections";
import { AssetServices } from "./asset-services";

const SECTIONS = ["basic", "specs", "install", "services", "monitoring"] as const;
type AssetSection = (typeof SECTIONS)[number];
const labels: Record<AssetSection, MessageKey> = {
  basic: "device.asset.basic",
  specs: "device.asset.specs",
  install: "device.asset.install",
  services: "device.asset.services",
  monitoring: "device.asset.monitoring",
};

/** Asset info tab: a side menu of Basic, System Specs, Installation Info, Services, Monitoring. */
export function AssetInfoTab({ device }: { device: DeviceDetail }) {
  const t = useT();
  const [section, setSection] = useState<AssetSection>("basic");
  return (
    <div className="grid gap-6 md:grid-cols-[200px_minmax(0,1fr)]">
      <nav aria-label={t("device.asset.menu")} className="flex flex-row gap-1 md:flex-col">
        {SECTIONS.map((key) => (
          <button
            key={key}
            type="button"
            aria-current={section === key ? "true" : undefined}
            onClick={() => setSection(key)}
            className={cn(
              "rounded-md px-3 py-2 text-left text-sm text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
              section === key && "bg-accent font-medium text-foreground",
            )}
          >
            {t(labels[key])}
          </button>
        ))}
      </nav>
      <div className="min-w-0 rounded-lg border bg-card p-5">
        <h3 className="mb-4 text-base font-semibold">{t(labels[section])}</h3>
        {section === "basic" && <AssetBasic device={device} />}
        {section === "specs" && <AssetSpecs device={device} />}
        {section === "install" && <AssetInstall device={device} />}
        {section === "services" && <AssetServices device={device} />}
        {section === "monitoring" && <AssetMonitoring device={device} />}
      </div>
    </div>
  );
}
