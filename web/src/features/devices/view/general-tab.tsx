import "@/lib/i18n/locales/en-device";
import type { DeviceDetail } from "@contracts/devices/detail";
import { Badge } from "@/components/ui/badge";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { DeviceComments } from "./comments";
import { Section } from "./fact-list";
import { GeneralFacts } from "./general-facts";
import { InstallationCodeCard } from "./installation-code-card";

/** General tab: description, tags, comments (or the installation code) and the facts column. */
export function GeneralTab({ device }: { device: DeviceDetail }) {
  const t = useT();
  const { canWrite } = usePermissions();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,400px)]">
      <div className="flex min-w-0 flex-col gap-5">
        <Section title={t("device.field.description")}>
          <p className={device.description ? "text-sm whitespace-pre-wrap" : "text-sm text-muted-foreground"}>
            {device.description || t("device.noDescription")}
          </p>
        </Section>
        <Section title={t("device.field.tags")}>
          {device.tags.length ? (
            <div className="flex flex-wrap gap-1">
              {device.tags.map((tag) => (
                <Badge key={tag.uuid} variant="secondary">
                  {tag.name}
                </Badge>
              ))}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t("device.noTags")}</p>
          )}
        </Section>
        {device.connected_status === "connected" ? (
          <Section title={t("device.comments")}>
            <DeviceComments uuid={device.uuid} />
          </Section>
        ) : (
          <InstallationCodeCard device={device} canWrite={canWrite} />
        )}
      </div>
      <GeneralFacts device={device} />
    </div>
  );
}
