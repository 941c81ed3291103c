import "@/lib/i18n/locales/en-palette";
import { Command } from "cmdk";
import {
  ClockIcon,
  Layers3Icon,
  type LucideIcon,
  MapPinIcon,
  MonitorSmartphoneIcon,
  MoonIcon,
  SearchIcon,
  SunIcon,
  UserIcon,
} from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Location, NavigateFunction } from "react-router";
import { fillListSearch } from "@/components/list-search";
import { Button } from "@/components/ui/button";
import { DialogOverlay } from "@/components/ui/dialog";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { type MessageKey, useT } from "@/lib/i18n";
import { toggleTheme, useTheme } from "@/lib/session/theme";
import { cn } from "@/lib/ui/utils";
import { navItems } from "../nav-items";
import type {
  DeviceAction,
  DeviceFollowUp,
  DeviceFollowUpDialog as FollowUp,
  DeviceActionSource as Source,
} from "./device-actions";
import { ACCOUNTS_PATH, isFlyoutPath, matchesQuery, namedBy, type OpenDevice, openDeviceOf, pathOfItem } from "./items";
import { PaletteItem } from "./palette-item";
import { type RecentItem, type RecentKind, readRecent, recentKey, rememberRecent } from "./recent";
import { setPaletteOpen, usePaletteState } from "./store";
import { usePaletteResults } from "./use-palette-results";

const kindIcons: Record<RecentKind, LucideIcon> = {
  device: MonitorSmartphoneIcon,
  location: MapPinIcon,
  group: Layers3Icon,
  account: UserIcon,
  page: ClockIcon,
};
const kindLabels: Record<RecentKind, MessageKey> = {
  device: "palette.kind.device",
  location: "palette.kind.location",
  group: "palette.kind.group",
  account: "palette.kind.account",
  page: "palette.kind.page",
};
const resultGroups = [
  { kind: "device", key: "devices", heading: "palette.group.devices" },
  { kind: "location", key: "locations", heading: "palette.group.locations" },
  { kind: "group", key: "groups", heading: "palette.group.groups" },
  { kind: "account", key: "accounts", heading: "palette.group.accounts" },
] as const;

/**
 * The device actions come with the device flyout's chunk (loaded whenever a device is open): this
 * chunk holds no device code, and shares none with it. A chunk that cannot load shows no actions.
 */
function fromDeviceFlyout<P extends object>(
  pick: (module: typeof import("../lazy/device-flyout")) => ComponentType<P>,
) {
  return lazy(
    (): Promise<{ default: ComponentType<P> }> =>
      import("../lazy/device-flyout").then(
        (module) => ({ default: pick(module) }),
        (error: unknown) => {
          console.error("Device actions failed to load", error);
          return { default: (_: P) => null };
        },
      ),
  );
}
const DeviceActionSource = fromDeviceFlyout<Parameters<typeof Source>[0]>((m) => m.DeviceActionSource);
const DeviceFollowUpDialog = fromDeviceFlyout<Parameters<typeof FollowUp>[0]>((m) => m.DeviceFollowUpDialog);

/* The reboot confirmation or terminal started from the palette: shown after the palette closed. */
let followUp: DeviceFollowUp | null = null;
const followUpListeners = new Set<() => void>();
function setFollowUp(next: DeviceFollowUp | null) {
  followUp = next;
  for (const listener of followUpListeners) listener();
}

/** Rendered by the host next to the palette's dialog (it outlives the palette's list). */
export function PaletteFollowUp() {
  const current = useSyncExternalStore(
    (listener) => {
      followUpListeners.add(listener);
      return () => followUpListeners.delete(listener);
    },
    () => followUp,
  );
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <DeviceFollowUpDialog followUp={current} onDone={() => setFollowUp(null)} />
    </Suspense>
  );
}

const headingClass =
  "[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground";

/** The palette's dialog (the host renders a fresh one per opening). */
export function PaletteDialog({
  open,
  onOpenChange,
  navigate,
  location,
}: CommandPaletteProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          aria-label={t("palette.label")}
          className="fixed top-[12dvh] left-1/2 z-50 w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-xl outline-none data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out max-sm:top-0 max-sm:w-full max-sm:max-w-none max-sm:rounded-none max-sm:border-x-0 max-sm:border-t-0"
        >
          <DialogPrimitive.Title className="sr-only">{t("palette.label")}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{t("palette.hint")}</DialogPrimitive.Description>
          <CommandPalette navigate={navigate} location={location} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export type CommandPaletteProps = {
  /** The router's, from the host: this chunk imports nothing of the router (no shared chunk is split). */
  navigate: NavigateFunction;
  location: Location;
};

/**
 * The command palette, loaded on its first Ctrl-K into the host's dialog: jump to
 * a device, location, group, account or page, toggle the theme, and run actions on the device
 * whose flyout is open. Keyboard only (cmdk's listbox: arrows, Enter, Esc, Tab), last picks first.
 */
export function CommandPalette({ navigate, location }: CommandPaletteProps) {
  const t = useT();
  const { space } = useCurrentSpace();
  const storageKey = recentKey(space.account_uuid, space.space_uuid);
  // Mounted with each opening (inside the dialog's content): it starts empty, with the recent
  // items as stored now (another tab may have added some).
  const [query, setQuery] = useState("");
  const [recent, setRecent] = useState<RecentItem[]>(() => readRecent(storageKey));
  // The highlighted item (cmdk's value): the first one, or the open device's first action once it shows.
  const [selected, setSelected] = useState("");
  const { open } = usePaletteState();
  const results = usePaletteResults(space.space_uuid, query, open);
  // The dialog opened (and took the focus) before this chunk arrived the first time.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const device = openDeviceOf(location.pathname);

  const close = () => setPaletteOpen(false);
  const go = (item: RecentItem) => {
    setRecent(rememberRecent(storageKey, item));
    close();
    const from = isFlyoutPath(location.pathname) ? undefined : { from: location.pathname + location.search };
    navigate(pathOfItem(item, space.space_uuid), { state: from });
    if (item.kind === "account" && item.hint) fillListSearch(ACCOUNTS_PATH, item.hint);
  };
  const shownRecent = recent.filter((item) => matchesQuery(query, item.label, item.hint));
  const pages = usePages(query);
  // A page named by what was typed ("wall", "perf") is what was meant: it leads, before the
  // devices, locations and recent items that merely contain the word.
  const pagesLead = pages.some((page) => namedBy(page.label, query));
  const pageGroups = <PageGroups pages={pages} query={query} go={go} close={close} />;
  const recentIds = new Set(shownRecent.map((item) => `${item.kind}:${item.id}`));

  return (
    <Command
      label={t("palette.label")}
      value={selected}
      onValueChange={setSelected}
      shouldFilter={false}
      vimBindings={false}
      loop
      className="flex flex-col"
    >
      <div className="flex items-center gap-2 border-b px-3">
        <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <Command.Input
          ref={input}
          value={query}
          onValueChange={setQuery}
          placeholder={t("palette.placeholder")}
          maxLength={200}
          className="h-12 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
        />
        {/* Phones have no Esc key (a tap on the dimmed page below closes it too). */}
        <Button variant="ghost" size="sm" className="-mr-1 sm:hidden" onClick={close}>
          {t("common.close")}
        </Button>
      </div>
      <Command.List
        className={cn(
          "max-h-[min(60dvh,480px)] scroll-py-2 overflow-y-auto overscroll-contain p-2 max-sm:max-h-[calc(100dvh-7rem)]",
          headingClass,
        )}
      >
        {results.pending ? (
          <Command.Loading label={t("palette.searching")} className="px-2 py-3 text-sm text-muted-foreground">
            {t("palette.searching")}
          </Command.Loading>
        ) : (
          <Command.Empty className="px-2 py-6 text-center text-sm text-muted-foreground">
            {t("palette.empty")}
          </Command.Empty>
        )}
        {device && (
          <DeviceActionGroup
            device={device}
            query={query}
            select={setSelected}
            done={close}
            followUp={(next) => {
              close();
              setFollowUp(next);
            }}
          />
        )}
        {pagesLead && pageGroups}
        {shownRecent.length > 0 && (
          <Command.Group heading={t("palette.group.recent")}>
            {shownRecent.map((item) => (
              <PaletteItem
                key={`${item.kind}:${item.id}`}
                value={`recent:${item.kind}:${item.id}`}
                icon={kindIcons[item.kind]}
                label={item.label}
                hint={item.hint}
                note={t(kindLabels[item.kind])}
                onSelect={() => go(item)}
              />
            ))}
          </Command.Group>
        )}
        {resultGroups.map(({ kind, key, heading }) => {
          const rows = results[key].filter((row) => !recentIds.has(`${kind}:${row.id}`));
          if (rows.length === 0) return null;
          return (
            <Command.Group key={kind} heading={t(heading)}>
              {rows.map((row) => (
                <PaletteItem
                  key={row.id}
                  value={`${kind}:${row.id}`}
                  icon={kindIcons[kind]}
                  label={row.label}
                  hint={row.hint}
                  onSelect={() => go({ kind, id: row.id, label: row.label, hint: row.hint })}
                />
              ))}
            </Command.Group>
          );
        })}
        {!pagesLead && pageGroups}
      </Command.List>
      <p className="border-t px-3 py-2 text-xs text-muted-foreground max-sm:hidden" aria-hidden="true">
        {t("palette.hint")}
      </p>
    </Command>
  );
}

type DeviceActionGroupProps = {
  device: OpenDevice;
  query: string;
  /** Highlights an item (the first action, when the actions show before anything was typed). */
  select: (value: string) => void;
  done: () => void;
  followUp: (next: DeviceFollowUp) => void;
};

/** "Actions · {device}": the open device's actions matching the query. */
function DeviceActionGroup({ device, query, select, done, followUp }: DeviceActionGroupProps) {
  return (
    <Suspense fallback={null}>
      <DeviceActionSource open={device} done={done} followUp={followUp}>
        {(detail, actions) => (
          <ActionItems
            name={detail.name}
            actions={actions.filter((action) => matchesQuery(query, action.label, detail.name))}
            select={query ? undefined : select}
          />
        )}
      </DeviceActionSource>
    </Suspense>
  );
}

const actionValue = (action: DeviceAction) => `action:${action.id}`;

function ActionItems({
  name,
  actions,
  select,
}: {
  name: string;
  actions: DeviceAction[];
  select?: (value: string) => void;
}) {
  const t = useT();
  // The actions arrive after the list's first render (their chunk, the device): highlight the first once.
  const first = actions.find((action) => !action.disabled);
  const firstValue = first ? actionValue(first) : undefined;
  const highlighted = useRef(false);
  useEffect(() => {
    if (highlighted.current || !firstValue || !select) return;
    highlighted.current = true;
    select(firstValue);
  }, [firstValue, select]);
  if (actions.length === 0) return null;
  return (
    <Command.Group heading={t("palette.group.actions", { name })}>
      {actions.map((action) => (
        <PaletteItem
          key={action.id}
          value={actionValue(action)}
          icon={action.icon}
          label={action.label}
          note={action.note}
          disabled={action.disabled}
          onSelect={action.run}
        />
      ))}
    </Command.Group>
  );
}

type PageItem = { to: string; label: string; section: string; icon: LucideIcon };

/** The console's pages matching the query (nav-items.ts, Admin Panel for super admins, Access for Admins). */
function usePages(query: string): PageItem[] {
  const t = useT();
  const { user } = useCurrentSpace();
  const { isAdmin } = usePermissions();
  return navItems
    .filter((item) => !item.superAdminOnly || user.super_admin)
    .flatMap((item) =>
      item.pages
        .filter((page) => !page.adminOnly || isAdmin)
        .map((page) => ({ to: page.to, label: t(page.label), section: t(item.label), icon: item.icon })),
    )
    .filter((page) => matchesQuery(query, page.label, page.section));
}

/** The console's pages and the theme. */
function PageGroups({
  pages,
  query,
  go,
  close,
}: {
  pages: PageItem[];
  query: string;
  go: (item: RecentItem) => void;
  close: () => void;
}) {
  const t = useT();
  const theme = useTheme();
  const themeLabel = theme === "dark" ? t("theme.toLight") : t("theme.toDark");
  const showTheme = matchesQuery(query, themeLabel, t("theme.toggle"));
  return (
    <>
      {pages.length > 0 && (
        <Command.Group heading={t("palette.group.pages")}>
          {pages.map((page) => (
            <PaletteItem
              key={page.to}
              value={`page:${page.to}`}
              icon={page.icon}
              label={page.label}
              note={page.section}
              onSelect={() => go({ kind: "page", id: page.to, label: page.label, hint: page.section })}
            />
          ))}
        </Command.Group>
      )}
      {showTheme && (
        <Command.Group heading={t("palette.group.preferences")}>
          <PaletteItem
            value="preference:theme"
            icon={theme === "dark" ? SunIcon : MoonIcon}
            label={themeLabel}
            onSelect={() => {
              toggleTheme();
              close();
            }}
          />
        </Command.Group>
      )}
    </>
  );
}
