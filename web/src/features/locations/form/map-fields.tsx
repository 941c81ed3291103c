import "@/lib/i18n/locales/en-assets";
import { useFormContext, useWatch } from "react-hook-form";
import { basemapKind, mapConfig } from "@/features/map/map-config";
import { useT } from "@/lib/i18n";
import { type LatLng, parsePin, roundCoordinate } from "../map/coordinates";
import { MapPanel } from "../map/map-panel";
import { PlaceSearch } from "../map/place-search";
import { useInitialGeolocation } from "../map/use-geolocation";
import type { LocationFormValues } from "./location-schema";
import { TextField } from "./text-field";

/** Place search, the map with its draggable pin, and latitude/longitude as numbers. */
export function MapFields({ locate }: { locate: boolean }) {
  const t = useT();
  const { control, setValue } = useFormContext<LocationFormValues>();
  const [lat, lng] = useWatch({ control, name: ["latitude", "longitude"] });
  const pin = parsePin(lat, lng);
  const move = (next: LatLng) => {
    const options = { shouldDirty: true, shouldValidate: true };
    setValue("latitude", String(roundCoordinate(next.lat)), options);
    setValue("longitude", String(roundCoordinate(next.lng)), options);
  };
  // A new location starts at the user's position when the browser allows it.
  useInitialGeolocation(locate && pin === null, move);

  return (
    <div className="flex flex-col gap-3">
      <PlaceSearch onPick={move} />
      <div className="flex flex-col gap-1">
        <MapPanel pin={pin} onPinChange={move} />
        {basemapKind(mapConfig) === "offline" && (
          <p className="text-xs text-muted-foreground">{t("map.offlineBasemap")}</p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-4">
        <TextField name="latitude" label={t("location.field.latitude")} type="number" />
        <TextField name="longitude" label={t("location.field.longitude")} type="number" />
      </div>
    </div>
  );
}
