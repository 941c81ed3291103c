import type { DeviceDetail, Display, Peripheral } from "@contracts/device-detail";
import { ChevronDownIcon, ChevronLeftIcon, MonitorIcon, UsbIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { DeviceComments } from "./comments";
import { type Fact, FactList } from "./fact-list";
import { isToggleable, PeripheralSwitch } from "./peripheral-switch";

type Chosen = { kind: "display"; item: Display } | { kind: "misc"; item: Peripheral } | null;

/** The text before an @ of a display name (devices.md §3). */
const displayName = (name: string) => name.split("@")[0] ?? name;

/** Peripherals tab: accordion of Displays and Misc with a details panel (or the summary). */
export function PeripheralsTab({ device }: { device: DeviceDetail }) {
  const t = useT();
  const [chosen, setChosen] = useState<Chosen>(null);
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,360px)]">
      <div className="flex flex-col gap-3">
        <Group title={t("device.periph.displays")} count={device.displays.length} icon={MonitorIcon}>
          {device.displays.map((display) => (
            <Item
              key={display.uuid}
              active={chosen?.item.uuid === display.uuid}
              onClick={() => setChosen({ kind: "display", item: display })}
              title={displayName(display.name)}
              hint={display.resolution}
            >
              {display.primary && <Badge>{t("device.periph.primaryChip")}</Badge>}
              {display.disabled && <Badge variant="outline">{t("device.periph.disabledChip")}</Badge>}
            </Item>
          ))}
        </Group>
        <Group title={t("device.periph.misc")} count={device.peripherals.length} icon={UsbIcon}>
          {device.peripherals.map((item) => (
            <Item
              key={item.uuid}
              active={chosen?.item.uuid === item.uuid}
              onClick={() => setChosen({ kind: "misc", item })}
              title={item.name}
              hint={item.device_type_name}
            >
              {!item.enabled && <Badge variant="outline">{t("device.periph.disabledChip")}</Badge>}
            </Item>
          ))}
        </Group>
      </div>
      <aside className="h-fit rounded-lg border bg-card p-4" aria-live="polite">
        {chosen ? (
          <div className="flex flex-col gap-3">
            <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={() => setChosen(null)}>
              <ChevronLeftIcon aria-hidden="true" />
              {t("device.periph.back")}
            </Button>
            <h3 className="font-semibold">
              {chosen.kind === "display" ? displayName(chosen.item.name) : chosen.item.name}
            </h3>
            {chosen.kind === "misc" && isToggleable(chosen.item) && (
              <PeripheralSwitch
                device={device}
                item={device.peripherals.find((p) => p.uuid === chosen.item.uuid) ?? chosen.item}
              />
            )}
            <FactList facts={chosen.kind === "display" ? displayFacts(chosen.item, t) : miscFacts(chosen.item, t)} />
            <h4 className="mt-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {t("device.comments")}
            </h4>
            <DeviceComments
              key={chosen.item.uuid}
              uuid={device.uuid}
              part={{ kind: chosen.kind === "display" ? "display" : "peripherals", uuid: chosen.item.uuid }}
            />
          </div>
        ) : (
          <Summary device={device} />
        )}
      </aside>
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

function displayFacts(item: Display, t: T): Fact[] {
  const facts: [string, string][] = [
    [t("device.periph.resolution"), item.resolution],
    [t("device.periph.refresh"), item.refresh_rate === null ? "" : `${item.refresh_rate.toFixed(2)} Hz`],
    [t("device.periph.orientation"), item.orientation],
    [t("device.periph.output"), item.graphical_output],
    [t("device.periph.apps"), String(item.applications.length)],
  ];
  return facts.filter(([, value]) => value !== "").map(([label, value]) => ({ label, value }));
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

type GroupProps = { title: string; count: number; icon: typeof MonitorIcon; children: ReactNode };

function Group({ title, count, icon: Icon, children }: GroupProps) {
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
