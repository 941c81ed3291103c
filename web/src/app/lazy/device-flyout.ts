export { DeviceActionSource, DeviceFollowUpDialog } from "@/app/command-palette/device-actions";
export { DeviceFlyout } from "@/features/devices/device-flyout";
