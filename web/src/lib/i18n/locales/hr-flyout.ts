import type { MessageKey } from "./en";

/** Croatian strings of the side panel (flyout) (partial; the rest falls back to English). */
export const hrFlyout: Partial<Record<MessageKey, string>> = {
  "flyout.subtitle": "Pojedinosti",
  "flyout.action.addLocation": "Dodaj lokaciju",
  "flyout.action.addGroup": "Dodaj grupu lokacija",
  "flyout.action.inviteUser": "Pozovi korisnike",
  "flyout.action.edit": "Uredi",
  "flyout.action.view": "Pojedinosti",
  "flyout.action.detectDevices": "Otkrij uređaje",
  "flyout.action.addDeviceRunner": "Dodaj Runner uređaj",
  "flyout.empty.title": "Još nema ničega za prikaz",
  "flyout.empty.text": "Ova ploča nije dostupna u ovoj verziji konzole.",
};
