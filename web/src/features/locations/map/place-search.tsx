import "@/lib/i18n/locales/en-assets";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircleIcon, SearchIcon } from "lucide-react";
import { useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { mapConfig } from "@/features/map/map-config";
import { useI18n } from "@/lib/i18n";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import type { LatLng } from "./coordinates";
import { searchOffline } from "./gazetteer";
import { searchPlaces } from "./geocode";

/** console.md §2.4 / §9: place search debounced 400 ms. */
export const PLACE_SEARCH_DEBOUNCE_MS = 400;

/**
 * A text search that moves the pin to the chosen place: the configured geocoder
 * (VITE_GEOCODE_URL), else the bundled gazetteer of world cities, so it works out of the box.
 */
export function PlaceSearch({ onPick }: { onPick: (place: LatLng) => void }) {
  const { t, lang } = useI18n();
  const listId = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const query = useDebouncedValue(text.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const external = Boolean(mapConfig.geocodeUrl);
  const minLength = external ? 3 : 2;
  const places = useQuery({
    queryKey: ["geocode", external ? "external" : "gazetteer", query, lang],
    queryFn: ({ signal }) =>
      external ? searchPlaces(mapConfig.geocodeUrl, query, signal) : searchOffline(query, lang),
    enabled: query.length >= minLength,
    staleTime: 5 * 60_000,
    retry: false,
  });

  return (
    <div className="relative">
      <SearchIcon className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
      <Input
        type="search"
        aria-label={t("map.search")}
        aria-controls={listId}
        aria-expanded={open}
        placeholder={t("map.search")}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") event.preventDefault();
          if (event.key === "Escape") setOpen(false);
        }}
        className="pl-8"
      />
      {places.isFetching && (
        <LoaderCircleIcon
          className="absolute top-2.5 right-2.5 size-4 animate-spin text-muted-foreground"
          aria-hidden="true"
        />
      )}
      {open && query.length >= minLength && !places.isFetching && (
        <ul
          id={listId}
          className="absolute inset-x-0 top-10 z-20 max-h-56 overflow-y-auto rounded-lg border bg-popover p-1 shadow-lg"
        >
          {places.isError && <li className="px-2 py-1.5 text-sm text-destructive">{t("map.searchFailed")}</li>}
          {places.data?.length === 0 && (
            <li className="px-2 py-1.5 text-sm text-muted-foreground">{t("map.noResults")}</li>
          )}
          {places.data?.map((place) => (
            <li key={`${place.lat},${place.lng},${place.name}`}>
              <button
                type="button"
                onClick={() => {
                  onPick(place);
                  setText(place.name);
                  setOpen(false);
                }}
                className="w-full truncate rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent"
              >
                {place.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
