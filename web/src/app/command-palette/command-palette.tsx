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
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { fillListSearch } from "@/components/search-field";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { type MessageKey, useT } from "@/lib/i18n";
import { toggleTheme, useTheme } from "@/lib/theme";
import { navItems } from "../nav-items";
import { DeviceActions, type DeviceFollowUp, DeviceFollowUpDialog } from "./device-actions";
import { ACCOUNTS_PATH, isFlyoutPath, matchesQuery, pathOfItem } from "./items";
import { openDeviceOf } from "./keys";
import { PaletteItem } from "./palette-item";
import { type RecentItem, type RecentKind, readRecent, recentKey, rememberRecent } from "./recent";
import { setPaletteOpen, usePaletteState } from "./store";
import { type PaletteResult, usePaletteResults } from "./use-palette-results";

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

const headingClass =
  "[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground";

/**
 * The command palette (issue 18 item 5), loaded on its first Ctrl-K: jump to a device, location,
 * group, account or page, toggle the theme, and run actions on the device whose flyout is open.
 * Keyboard only (cmdk: arrows, Enter, Esc, Tab), with the last picks first.
 */
export function CommandPalette() {
  const t = useT();
  const { open } = usePaletteState();
  const navigate = useNavigate();
  const location = useLocation();
  const { user, space } = useCurrentSpace();
  const { isAdmin } = usePermissions();
  const theme = useTheme();
  const storageKey = recentKey(space.account_uuid, space.space_uuid);
  const [query, setQuery] = useState("");
  const [recent, setRecent] = useState<RecentItem[]>(() => readRecent(storageKey));
  const [followUp, setFollowUp] = useState<DeviceFollowUp | null>(null);
  // Each opening starts empty, with the recent items as stored now (another tab may have added some).
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setQuery("");
      setRecent(readRecent(storageKey));
    }
  }
  const results = usePaletteResults(space.space_uuid, query, open);
  const device = openDeviceOf(location.pathname);

  const close = () => setPaletteOpen(false);
  const go = (item: RecentItem) => {
    setRecent(rememberRecent(storageKey, item));
    close();
    const from = isFlyoutPath(location.pathname) ? undefined : { from: location.pathname + location.search };
    navigate(pathOfItem(item, space.space_uuid), { state: from });
    if (item.kind === "account" && item.hint) fillListSearch(ACCOUNTS_PATH, item.hint);
  };

  const pages = navItems
    .filter((item) => !item.superAdminOnly || user.super_admin)
    .flatMap((item) =>
      item.pages
        .filter((page) => !page.adminOnly || isAdmin)
        .map((page) => ({ to: page.to, label: t(page.label), section: t(item.label), icon: item.icon })),
    )
    .filter((page) => matchesQuery(query, page.label, page.section));
  const shownRecent = recent.filter((item) => matchesQuery(query, item.label, item.hint));
  const recentIds = new Set(shownRecent.map((item) => `${item.kind}:${item.id}`));
  const themeLabel = theme === "dark" ? t("theme.toLight") : t("theme.toDark");
  const showTheme = matchesQuery(query, themeLabel, t("theme.toggle"));

  return (
    <>
      <Command.Dialog
        open={open}
        onOpenChange={setPaletteOpen}
        label={t("palette.label")}
        shouldFilter={false}
        vimBindings={false}
        loop
        overlayClassName="fixed inset-0 z-50 bg-overlay backdrop-blur-[1px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out"
        contentClassName="fixed top-[12dvh] left-1/2 z-50 w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-xl outline-none data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out max-sm:top-0 max-sm:w-full max-sm:max-w-none max-sm:rounded-none max-sm:border-x-0 max-sm:border-t-0"
        className="flex flex-col"
      >
        <DialogPrimitive.Title className="sr-only">{t("palette.label")}</DialogPrimitive.Title>
        <DialogPrimitive.Description className="sr-only">{t("palette.hint")}</DialogPrimitive.Description>
        <div className="flex items-center gap-2 border-b px-3">
          <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <Command.Input
            value={query}
            onValueChange={setQuery}
            placeholder={t("palette.placeholder")}
            maxLength={200}
            className="h-12 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          />
        </div>
        <Command.List
          className={`max-h-[min(60dvh,480px)] scroll-py-2 overflow-y-auto overscroll-contain p-2 max-sm:max-h-[calc(100dvh-7rem)] ${headingClass}`}
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
            <DeviceActions
              open={device}
              query={query}
              done={close}
              followUp={(next) => {
                close();
                setFollowUp(next);
              }}
            />
          )}
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
            const rows = results[key].filter((row: PaletteResult) => !recentIds.has(`${kind}:${row.id}`));
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
        </Command.List>
        <p className="border-t px-3 py-2 text-xs text-muted-foreground max-sm:hidden" aria-hidden="true">
          {t("palette.hint")}
        </p>
      </Command.Dialog>
      {followUp && <DeviceFollowUpDialog followUp={followUp} onDone={() => setFollowUp(null)} />}
    </>
  );
}
