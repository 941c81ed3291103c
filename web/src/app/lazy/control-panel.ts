// The locations' control panel: global working time and custom fields.
export { CustomFieldsPage } from "@/features/custom-fields/custom-fields-page";
export { CaptureSettingsPage } from "@/features/display-health/capture-settings-page";
export { ControlPanel } from "@/features/locations/control-panel";
export { SessionPolicyPage } from "@/features/sessions/session-policy-page";
export { GlobalWorkingTimePage } from "@/features/working-time/global-working-time-page";
