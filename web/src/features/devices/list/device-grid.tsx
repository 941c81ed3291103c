import "@/lib/i18n/locales/en-devices";
import type { Device } from "@contracts/devices/schema";
import { type RefObject, useLayoutEffect, useRef, useState } from "react";
import { useT } from "@/lib/i18n";
import { useFixedRows } from "@/lib/ui/fixed-rows";
import { PHONE_QUERY, useMediaQuery } from "@/lib/ui/use-media-query";
import { cn } from "@/lib/ui/utils";
import { DEVICE_CARD_HEIGHT, DeviceCard, DeviceCardSkeleton, PHONE_DEVICE_CARD_HEIGHT } from "./device-card";
import { DeviceCheckbox } from "./select-column";
import type { DeviceSelection } from "./use-device-selection";

const MIN_CARD_WIDTH = 300;
const GAP = 12;

/** Cards per row for a grid `width` px wide (auto-fill, at least 300 px a card). */
export const cardsPerRow = (width: number) => Math.max(1, Math.floor((width + GAP) / (MIN_CARD_WIDTH + GAP)));

type DeviceGridProps = {
  devices: Device[];
  scrollRef: RefObject<HTMLElement | null>;
  /** Skeleton cards appended while the next page loads. */
  loadingMore: boolean;
  /** Multi-select: each card gets a checkbox in its corner. */
  selection?: DeviceSelection;
};

/** The grid view, windowed by rows so that 100k devices render only what is in view. */
export function DeviceGrid({ devices, scrollRef, loadingMore, selection }: DeviceGridProps) {
  const t = useT();
  const gridRef = useRef<HTMLUListElement>(null);
  const [width, setWidth] = useState(0);
  const [margin, setMargin] = useState(0);
  const cardHeight = useMediaQuery(PHONE_QUERY) ? PHONE_DEVICE_CARD_HEIGHT : DEVICE_CARD_HEIGHT;

  useLayoutEffect(() => {
    const el = gridRef.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      const scroller = scrollRef.current;
      if (scroller)
        setMargin(el.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollRef]);

  const perRow = cardsPerRow(width);
  const slots = devices.length + (loadingMore ? perRow : 0);
  const rowCount = Math.ceil(slots / perRow);
  const rowHeight = cardHeight + GAP;
  const rows = useFixedRows({ count: rowCount, rowHeight, margin, overscan: 3, scrollRef });

  const selecting = Boolean(selection && (selection.count > 0 || selection.allMatching));
  const cardWidth = (width - GAP * (perRow - 1)) / perRow;
  const cells: { top: number; column: number; index: number }[] = [];
  for (let row = rows.start; row < rows.end; row++)
    for (let column = 0; column < perRow && row * perRow + column < slots; column++)
      cells.push({ top: row * rowHeight, column, index: row * perRow + column });

  return (
    <ul
      ref={gridRef}
      aria-label={t("devices.list")}
      aria-busy={loadingMore || undefined}
      className="relative w-full"
      style={{ height: rowCount * rowHeight }}
    >
      {width > 0 &&
        cells.map(({ top, column, index }) => {
          const device = devices[index];
          return (
            <li
              key={device?.uuid ?? `skeleton-${index}`}
              className="group/card absolute"
              style={{ top, left: column * (cardWidth + GAP), width: cardWidth }}
            >
              {device ? <DeviceCard device={device} height={cardHeight} /> : <DeviceCardSkeleton height={cardHeight} />}
              {device && selection && (
                // Over the card's top-left corner: shown on hover/focus, while selecting, and on touch screens.
                <span
                  className={cn(
                    "absolute -top-1.5 -left-1.5 z-[1] flex rounded-md border bg-background p-1 shadow-xs transition-opacity",
                    selecting || selection.isSelected(device.uuid)
                      ? "opacity-100"
                      : "opacity-0 group-hover/card:opacity-100 focus-within:opacity-100 pointer-coarse:opacity-100",
                  )}
                >
                  <DeviceCheckbox selection={selection} device={device} t={t} />
                </span>
              )}
            </li>
          );
        })}
    </ul>
  );
}
