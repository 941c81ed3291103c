import { useT } from "@/lib/i18n";
import { graticule, tileUrl, type Viewport, visibleTiles } from "./tile-math";

/** Raster tiles from the configured template, or a latitude/longitude grid when there is none. */
export function MapBackground({
  viewport,
  template,
  attribution,
}: {
  viewport: Viewport;
  template: string;
  attribution: string;
}) {
  const t = useT();
  if (template) {
    return (
      <>
        {visibleTiles(viewport).map((tile) => (
          <img
            key={tile.key}
            src={tileUrl(template, tile)}
            alt=""
            draggable={false}
            className="pointer-events-none absolute size-64 max-w-none select-none dark:brightness-75 dark:contrast-125"
            style={{ left: tile.left, top: tile.top }}
          />
        ))}
        <span className="absolute right-1 bottom-1 rounded bg-card/80 px-1.5 text-[10px] text-muted-foreground">
          {attribution || t("map.attribution")}
        </span>
      </>
    );
  }
  const lines = graticule(viewport);
  return (
    <svg className="pointer-events-none absolute inset-0 size-full text-border" aria-hidden="true">
      {lines.map((line) =>
        line.axis === "lng" ? (
          <g key={`lng${line.value}`}>
            <line x1={line.position} x2={line.position} y1={0} y2={viewport.height} stroke="currentColor" />
            <text x={line.position + 4} y={viewport.height - 6} className="fill-muted-foreground text-[10px]">
              {line.label}
            </text>
          </g>
        ) : (
          <g key={`lat${line.value}`}>
            <line x1={0} x2={viewport.width} y1={line.position} y2={line.position} stroke="currentColor" />
            <text x={4} y={line.position - 4} className="fill-muted-foreground text-[10px]">
              {line.label}
            </text>
          </g>
        ),
      )}
    </svg>
  );
}
