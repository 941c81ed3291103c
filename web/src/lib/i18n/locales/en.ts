import type { enAccess } from "./en-access";
import type { enAccounts } from "./en-accounts";
import type { enAdmin } from "./en-admin";
import type { enAgentSettings } from "./en-agent-settings";
import type { enAlerting } from "./en-alerting";
import type { enAssets } from "./en-assets";
import type { enAudit } from "./en-audit";
import type { enAuth } from "./en-auth";
import type { enBulk } from "./en-bulk";
import type { enCommands } from "./en-commands";
import type { enDetect } from "./en-detect";
import type { enDevice } from "./en-device";
import type { enDevices } from "./en-devices";
import type { enDisplayHealth } from "./en-display-health";
import type { enFlyout } from "./en-flyout";
import type { enHealthReport } from "./en-health-report";
import type { enIncidents } from "./en-incidents";
import type { enMonitorPages } from "./en-monitor-pages";
import type { enPalette } from "./en-palette";
import type { enPeripherals } from "./en-peripherals";
import type { enRegions } from "./en-regions";
import type { enRemoteDesktop } from "./en-remote-desktop";
import type { enSessions } from "./en-sessions";
import type { enTerminal } from "./en-terminal";
import type { enViews } from "./en-views";
import type { enWall } from "./en-wall";

/**
 * English texts every page needs (the shell, errors, realtime toasts). The rest of English is in
 * parts (en-*.ts) that add themselves to the dictionary (./english.ts) when a module that uses them loads:
 * a module naming a part's key imports the part, checked by web/build/text-parts.test.ts.
 */
export const en = {
  "app.tagline": "Outpost · fleet console for remote devices",
  "common.close": "Close",
  "common.loading": "Loading",
  "common.retry": "Try again",
  "common.cancel": "Cancel",
  "common.save": "Save",
  "common.search": "Search",
  "common.noMatches": "Nothing matches.",
  "common.typeToNarrow": "{shown} of {count} shown. Type to narrow.",
  "common.add": "Add",
  "common.edit": "Edit",
  "common.delete": "Delete",
  "common.remove": "Remove {name}",
  "common.yes": "Yes",
  "common.no": "No",
  "common.unexpectedError": "An unexpected error occurred",
  "filters.title": "Filters",
  "filters.active": "active",
  "filters.done": "Done",

  "validation.required": "Required",
  "validation.email": "Enter a valid email address.",

  "nav.main": "Main navigation",
  "nav.accounts": "Accounts",
  "nav.assets": "Assets",
  "nav.monitor": "Monitor",
  "nav.wall": "Wall",
  "nav.admin": "Admin Panel",
  "nav.collapse": "Collapse navigation",
  "nav.expand": "Expand navigation",
  "nav.open": "Open navigation",
  "topbar.tools": "Tools",
  "topbar.workingTime": "Working time settings",
  "topbar.account": "Account",
  "theme.toggle": "Toggle theme",
  "theme.toDark": "Switch to dark theme",
  "theme.toLight": "Switch to light theme",
  "shell.breadcrumb": "Breadcrumb",

  "account.spaces": "Spaces",
  "account.searchSpaces": "Search spaces by name or type",
  "account.noSpacesMatch": "No space matches your search.",
  "account.currentSpace": "Current",
  "account.language": "Language",
  "account.signOut": "Sign out",

  "layout.loadFailed": "Your account could not be loaded",
  "layout.noSpaces.title": "You are not in any space yet",
  "layout.noSpaces.text": "Ask a space admin to invite you, then sign in again.",
  "error.title": "Something went wrong",
  "error.unknown": "An unexpected error occurred.",
  "error.reload": "Reload the page",
  "error.chunk.title": "This page could not be loaded",
  "error.chunk.failed":
    "The connection dropped or the console was updated meanwhile. Reload to get the current version.",
  "error.chunk.timeout": "It did not arrive within 120 seconds. Check the connection, then reload.",
  "notFound.title": "Page not found",
  "notFound.text": "There is nothing at this address.",
  "notFound.home": "Go to devices",

  "assets.locations": "Locations",
  "assets.devices": "Devices",
  "assets.groups": "Location Groups",
  "view.label": "View",
  "view.grid": "Grid view",
  "view.format": "Table view",
  "add.label": "Add",
  "add.deviceRunner": "Add Runner Device",
  "add.detectDevices": "Detect Devices",
  "add.location": "Add Location",
  "add.group": "Add Location Group",
  "devices.empty.title": "No devices yet",
  "devices.empty.text": "Add a runner device or detect devices on a location's network to see them here.",

  "accounts.invite": "Invite users",

  "monitor.activity": "Activity",
  "monitor.performance": "Performance",
  "monitor.incidents": "Incidents",
  "monitor.alerting": "Alerting settings",
  "monitor.notificationPreferences": "My notifications",
  "monitor.events": "System Events",
  "monitor.logs": "Audit Logs",

  "admin.applications": "Applications",
  "admin.runners": "Runners",

  "flyout.subtitle": "Details",

  "alerts.region": "Notifications",
  "alerts.copied": "Copied to the clipboard.",
  "alerts.popupBlocked": "Popup blocked! Please allow popups for this site.",
  "notifications.title": "Notifications",
  "notifications.open": "{count, plural, =0 {Notifications} one {Notifications, # new} other {Notifications, # new}}",
  "notifications.empty": "No alerts in this session yet.",
  "notifications.clear": "Clear",
  "realtime.deviceOnline": "{device_name} just became online",
  "realtime.deviceOffline": "{device_name} just went offline",
  "realtime.deviceInstalled": "{device_name} was installed",
  "realtime.devicesOnline": "{count} devices just became online",
  "realtime.devicesOffline": "{count} devices just went offline",
  "incidents.live.opened": "Incident opened: {rule} at {location}",
  "incidents.live.resolved": "Incident resolved: {rule} at {location}",
  "incidents.live.openedMany": "{count} incidents opened",
  "incidents.live.resolvedMany": "{count} incidents resolved",
  "realtime.locationOnline": "{location_name} is online",
  "realtime.locationPartiallyOnline": "{location_name} is partially online",
  "realtime.locationOffline": "{location_name} went offline",
  "realtime.locationsOnline": "{count} locations are online",
  "realtime.locationsPartiallyOnline": "{count} locations are partially online",
  "realtime.locationsOffline": "{count} locations went offline",
  "realtime.unnamedDevice": "A device",
  "realtime.unnamedLocation": "A location",
  "palette.open": "Search and commands",
  "palette.search": "Search…",
  "palette.label": "Command palette",
  "palette.loadFailed": "The command palette could not be loaded.",
  "device.screenshot.viewerFailed": "The screenshot could not be shown. Check your connection and try again.",
  "menu.loadFailed": "This menu could not be loaded. Check your connection and try again.",
  "connection.lost": "Connection lost, retrying…",
  "palette.hint": "↑↓ to move · Enter to open · Esc to close",
  "bulk.selectRow": "Select {name}",
  "bulk.selectLoaded": "Select all loaded devices",
  "location.typesFailed": "Failed to get location types. Check console.",
  "location.countriesFailed": "Failed to get countries. Check console.",
  "controlPanel.title": "Control panel",
  "controlPanel.workingTime": "Working time",
  "controlPanel.customFields": "Custom fields",
  "realtime.presenceSummary": "Devices just became online: {online} · went offline: {offline}",
  "access.title": "Display links & API tokens",
  "audit.title": "Audit log",
} as const;

export type MessageKey =
  | keyof typeof en
  | keyof typeof enAssets
  | keyof typeof enDevices
  | keyof typeof enDevice
  | keyof typeof enTerminal
  | keyof typeof enAgentSettings
  | keyof typeof enRemoteDesktop
  | keyof typeof enCommands
  | keyof typeof enAccounts
  | keyof typeof enDetect
  | keyof typeof enPeripherals
  | keyof typeof enWall
  | keyof typeof enDisplayHealth
  | keyof typeof enMonitorPages
  | keyof typeof enHealthReport
  | keyof typeof enAdmin
  | keyof typeof enAccess
  | keyof typeof enAudit
  | keyof typeof enAuth
  | keyof typeof enFlyout
  | keyof typeof enIncidents
  | keyof typeof enAlerting
  | keyof typeof enPalette
  | keyof typeof enBulk
  | keyof typeof enViews
  | keyof typeof enRegions
  | keyof typeof enSessions;
