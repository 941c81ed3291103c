import { englishPart } from "./english";

/** English strings of the in-browser remote desktop. */
export const enRemoteDesktop = englishPart({
  "device.desktop.dialogTitle": "Remote Desktop · {name}",
  "device.desktop.dialogText": "The device's screen, through its connection to the console.",
  "device.desktop.connecting": "Connecting…",
  "device.desktop.connected": "Connected",
  "device.desktop.connectedTo": "Connected to {name}",
  "device.desktop.lost": "The connection to the console was lost.",
  "device.desktop.failed":
    "The remote desktop could not be shown (the VNC server refused or spoke an unknown protocol).",
  "device.desktop.ended": "Session closed.",
  "device.desktop.again": "Connect again",
  "device.desktop.fit": "Scale to fit",
  "device.desktop.ctrlAltDel": "Ctrl+Alt+Del",
  "device.desktop.fullscreen": "Fullscreen",
  "device.desktop.exitFullscreen": "Exit fullscreen",
  "device.desktop.vncClient": "VNC client address",
  "device.desktop.screen": "Remote screen",
  "device.desktop.password": "VNC password",
  "device.desktop.sendPassword": "Send",
} as const);
