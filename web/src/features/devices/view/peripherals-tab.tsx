import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-devices";
import "@/lib/i18n/locales/en-peripherals";
import type { DeviceDetail, Peripheral } from "@contracts/devices/detail";
import { ChevronDownIcon, ChevronLeftIcon, CircleAlertIcon, MonitorIcon, UsbIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DisplayHealthChip } from "@/features/display-health/display-health-chip";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { DisplayAppChip } from "../peripherals/display-app-state";
import { DisplayConfigPanel } from "../peripherals/display-config-panel";
import { displayName, formatRate } from "../peripherals/display-draft";
import { PeripheralsToolbar } from "../peripherals/peripherals-toolbar";
import { useDisplayDraft } from "../peripherals/use-display-draft";
import { DeviceComments } from "./comments";
import { type Fact, FactList } from "./fact-list";
import { isToggleable, PeripheralSwitch } from "./peripheral-switch";

type Chosen = { kind: "display" | "misc"; uuid: string } | null;

/**
 * Peripherals tab: the Detect toolbar, the accordion of Displays and Misc, and a side panel
 * (under the list on a phone) with the chosen display's configuration or peripheral's facts,
 * or the summary. The display configuration is one draft of all displays (useDisplayDraft).
 */
export function PeripheralsTab({ device }: { device: DeviceDetail }) {
  const t = useT();
  const [chosen, setChosen] = useState<Chosen>(null);
  const editor = useDisplayDraft(device);
  const display = chosen?.kind === "display" ? editor.draft.find((d) => d.uuid === chosen.uuid) : undefined;
  const misc = chosen?.kind === "misc" ? device.peripherals.find((p) => p.uuid === chosen.uuid) : undefined;
  const choose = (next: Chosen) => setChosen(chosen?.uuid === next?.uuid ? null : next);
  // On a phone the panel sits under the list: bring it into view when something is chosen.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (chosen && window.matchMedia("(max-width: 767px)").matches) {
      panel.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    }
  }, [chosen]);
  return (
    <div className="flex flex-col gap-3">
      <PeripheralsToolbar device={device} />
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,380px)]">
        <div className="flex flex-col gap-3">
          <Group
            title={t("device.periph.displays")}
            count={editor.draft.length}
            icon={MonitorIcon}
            extra={editor.dirty && <Badge variant="outline">{t("device.periph.unsaved")}</Badge>}
          >
            {editor.draft.map((item) => (
              <Item
                key={item.uuid}
                active={display?.uuid === item.uuid}
                onClick={() => choose({ kind: "display", uuid: item.uuid })}
                title={displayName(item.name)}
                hint={[item.resolution, item.refresh_rate === null ? "" : formatRate(item.refresh_rate)]
                  .filter(Boolean)
                  .join(" · ")}
              >
                {editor.errors?.byDisplay[item.uuid] && (
                  <CircleAlertIcon className="size-4 text-destructive" aria-label={t("device.periph.hasErrors")} />
                )}
                <DisplayHealthChip device={device} display={item} />
                <DisplayAppChip device={device} display={item} />
                {item.primary && <Badge>{t("device.periph.primaryChip")}</Badge>}
                {item.disabled && <Badge variant="outline">{t("device.periph.disabledChip")}</Badge>}
              </Item>
            ))}
          </Group>
          <Group title={t("device.periph.misc")} count={device.peripherals.length} icon={UsbIcon}>
            {device.peripherals.map((item) => (
              <Item
                key={item.uuid}
                active={misc?.uuid === item.uuid}
                onClick={() => choose({ kind: "misc", uuid: item.uuid })}
                title={item.name}
                hint={item.device_type_name}
              >
                {!item.enabled && <Badge variant="outline">{t("device.periph.disabledChip")}</Badge>}
              </Item>
            ))}
          </Group>
        </div>
        <aside
          ref={panel}
          className="h-fit scroll-mt-2 rounded-lg border bg-card p-4"
          aria-label={t("device.periph.details")}
        >
          {display || misc ? (
            <div className="flex flex-col gap-3">
              <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={() => setChosen(null)}>
                <ChevronLeftIcon aria-hidden="true" />
                {t("device.periph.back")}
              </Button>
              <h3 className="font-semibold">{display ? displayName(display.name) : misc?.name}</h3>
              {display && <DisplayConfigPanel device={device} display={display} editor={editor} />}
              {misc && (
                <>
                  {isToggleable(misc) && <PeripheralSwitch device={device} item={misc} />}
                  <FactList facts={miscFacts(misc, t)} />
                </>
              )}
              <h4 className="mt-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {t("device.comments")}
              </h4>
              <DeviceComments
                key={chosen?.uuid}
                uuid={device.uuid}
                part={{ kind: display ? "display" : "peripherals", uuid: display?.uuid ?? misc?.uuid ?? "" }}
              />
            </div>
          ) : (
            <Summary device={device} />
          )}
        </aside>
      </div>
    </div>
  );
}

type T = ReturnType<typeof useT>;

/** Only the non-empty fields; the protocol in upper case (devices.md §2). */
export function miscFacts(item: Peripheral, t: T): Fact[] {
  const facts: [string, string][] = [
    [t("device.periph.manufacturer"), item.manufacturer],
    [t("device.periph.model"), item.model],
    [t("device.periph.protocol"), item.communication_protocol.toUpperCase()],
    [t("device.periph.currency"), item.currency],
    [t("device.periph.serial"), item.serial_number],
    [t("device.periph.firmware"), item.firmware],
    [t("device.periph.protocolDetails"), item.protocol_details],
  ];
  return facts.filter(([, value]) => value.trim() !== "").map(([label, value]) => ({ label, value }));
}

function Summary({ device }: { device: DeviceDetail }) {
  const t = useT();
  const primary = device.displays.find((display) => display.primary);
  const apps = device.displays.reduce((sum, display) => sum + display.applications.length, 0);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold">{t("device.periph.summary")}</h3>
      <FactList
        facts={[
          { label: t("device.periph.displayCount"), value: device.displays.length },
          { label: t("device.periph.miscCount"), value: device.peripherals.length },
          { label: t("device.periph.primary"), value: primary ? displayName(primary.name) : t("device.none") },
          { label: t("device.periph.apps"), value: apps },
          { label: t("device.periph.disabledDisplays"), value: device.displays.filter((d) => d.disabled).length },
          { label: t("device.periph.disabledMisc"), value: device.peripherals.filter((p) => !p.enabled).length },
        ]}
      />
    </div>
  );
}

type GroupProps = { title: string; count: number; icon: typeof MonitorIcon; extra?: ReactNode; children: ReactNode };

function Group({ title, count, icon: Icon, extra, children }: GroupProps) {
  const t = useT();
  const [open, setOpen] = useState(true);
  return (
    <section className="rounded-lg border bg-card">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-2 px-4 py-3 text-left text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        {title}
        <Badge variant="secondary">{count}</Badge>
        {extra}
        <ChevronDownIcon
          className={cn("ml-auto size-4 transition-transform", !open && "-rotate-90")}
          aria-hidden="true"
        />
      </button>
      {open && (
        <ul className="flex flex-col divide-y border-t">
          {count === 0 ? (
            <li className="px-4 py-3 text-sm text-muted-foreground">{t("device.periph.none")}</li>
          ) : (
            children
          )}
        </ul>
      )}
    </section>
  );
}

type ItemProps = { title: string; hint: string; active: boolean; onClick: () => void; children?: ReactNode };

function Item({ title, hint, active, onClick, children }: ItemProps) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={active}
        onClick={onClick}
        className={cn(
          "flex w-full items-center gap-3 px-4 py-2.5 text-left outline-none hover:bg-accent/50 focus-visible:bg-accent",
          active && "bg-accent",
        )}
      >
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-medium">{title}</span>
          <span className="truncate text-xs text-muted-foreground">{hint}</span>
        </span>
        {children}
      </button>
    </li>
  );
}
