// /devices only: the list. The device flyout (view, settings, commands, QR scan…) is ./device-flyout.
export { DevicesPage } from "@/features/devices/devices-page";
export { deviceListOpener } from "@/features/devices/list/open-device-list";
