// The alerting settings under Monitor: rules, channels, maintenance windows, my notifications.
export { AlertingShell } from "@/features/alerting/alerting-shell";
export { ChannelsPage } from "@/features/alerting/channels-page";
export { MaintenancePage } from "@/features/alerting/maintenance-page";
export { PreferencesPage } from "@/features/alerting/preferences-page";
export { RulesPage } from "@/features/alerting/rules-page";
