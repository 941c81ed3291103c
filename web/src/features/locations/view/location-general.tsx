import "@/lib/i18n/locales/en-assets";
import { CUSTOM_KEYS, type Location } from "@contracts/locations/schema";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { LocationConsentCard } from "@/features/sessions/location-consent-card";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { DeviceTotals } from "../list/device-totals";
import { MapPanel } from "../map/map-panel";
import { LocationAvailabilityFigure } from "./location-availability";

function Fact({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={mono ? "truncate font-mono text-xs leading-5" : "truncate text-sm"}>{children || "—"}</dd>
    </div>
  );
}

/** The general tab: facts, description, tags, custom fields, device totals and the map pin. */
export function LocationGeneral({ location }: { location: Location }) {
  const { t, lang } = useI18n();
  const pin =
    location.latitude !== null && location.longitude !== null
      ? { lat: location.latitude, lng: location.longitude }
      : null;
  const custom = CUSTOM_KEYS.filter((key) => location[`${key}_enabled`]);
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="flex flex-col gap-6">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
          <Fact label={t("location.fact.type")}>{location.location_type_name}</Fact>
          <Fact label={t("location.fact.displayId")}>{location.display_id}</Fact>
          <Fact label={t("location.fact.country")}>{location.country_name}</Fact>
          <Fact label={t("location.fact.city")}>{location.city}</Fact>
          <Fact label={t("location.fact.address")}>{location.address}</Fact>
          <Fact label={t("location.fact.zip")}>{location.zip_code}</Fact>
          <Fact label={t("location.fact.timezone")}>
            {location.timezone}
            {location.global_timezone_enabled && (
              <span className="text-muted-foreground"> · {t("location.globalTimezone")}</span>
            )}
          </Fact>
          <Fact label={t("location.fact.coordinates")}>{pin && `${pin.lat.toFixed(4)}, ${pin.lng.toFixed(4)}`}</Fact>
          <Fact label={t("location.fact.created")}>{formatDateTime(location.created_at, lang)}</Fact>
          <Fact label={t("location.fact.modified")}>{formatDateTime(location.updated_at, lang)}</Fact>
          <div className="col-span-2">
            <Fact label={t("location.fact.uuid")} mono>
              {location.uuid}
            </Fact>
          </div>
        </dl>
        {location.description && (
          <section>
            <h3 className="text-xs text-muted-foreground">{t("location.fact.description")}</h3>
            <p className="mt-1 text-sm whitespace-pre-line">{location.description}</p>
          </section>
        )}
        <section>
          <h3 className="text-xs text-muted-foreground">{t("location.field.tags")}</h3>
          <div className="mt-1.5 flex flex-wrap gap-1">
            {location.tags.length ? (
              location.tags.map((tag) => (
                <Badge key={tag.uuid} variant="secondary">
                  {tag.name}
                </Badge>
              ))
            ) : (
              <span className="text-sm text-muted-foreground">{t("location.noTags")}</span>
            )}
          </div>
        </section>
        {custom.length > 0 && (
          <section>
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {t("location.section.custom")}
            </h3>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
              {custom.map((key) => (
                <Fact key={key} label={location[`${key}_alias`] || key}>
                  {location[key]}
                </Fact>
              ))}
            </dl>
          </section>
        )}
      </div>
      <div className="flex flex-col gap-4">
        <DeviceTotals location={location} detailed className="rounded-lg border bg-card p-4" />
        <LocationAvailabilityFigure location={location} />
        <LocationConsentCard location={location.uuid} />
        <MapPanel pin={pin} />
      </div>
    </div>
  );
}
