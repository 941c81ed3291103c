export { DeviceFlyout } from "@/features/devices/device-flyout";
