import type { MessageKey } from "./en";

/** Croatian strings of the browser terminal (partial; the rest falls back to English). */
export const hrTerminal: Partial<Record<MessageKey, string>> = {
  "device.terminal.title": "Terminal",
  "device.terminal.text": "Otvori ljusku uređaja u pregledniku.",
  "device.terminal.open": "Otvori terminal",
  "device.terminal.dialogTitle": "Terminal · {name}",
  "device.terminal.dialogText": "Ljuska na uređaju, kroz njegovu vezu s konzolom.",
  "device.terminal.connecting": "Spajanje…",
  "device.terminal.connected": "Spojeno",
  "device.terminal.lost": "Veza s konzolom je prekinuta.",
  "device.terminal.again": "Otvori ponovno",
  "device.terminal.extraKeys": "Dodatne tipke",
  "device.terminal.hint": "Kopiraj Ctrl+Shift+C · Zalijepi Ctrl+Shift+V",
};
