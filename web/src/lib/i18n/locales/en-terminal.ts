import { englishPart } from "./english";

/** English strings of the browser terminal. */
export const enTerminal = englishPart({
  "device.terminal.title": "Terminal",
  "device.terminal.text": "Open a shell on the device in the browser.",
  "device.terminal.open": "Open Terminal",
  "device.terminal.dialogTitle": "Terminal · {name}",
  "device.terminal.dialogText": "A shell on the device, through its connection to the console.",
  "device.terminal.connecting": "Connecting…",
  "device.terminal.connected": "Connected",
  "device.terminal.lost": "The connection to the console was lost.",
  "device.terminal.again": "Open again",
  "device.terminal.extraKeys": "Extra keys",
  "device.terminal.hint": "Copy Ctrl+Shift+C · Paste Ctrl+Shift+V",
} as const);
