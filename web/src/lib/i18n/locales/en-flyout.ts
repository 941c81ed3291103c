import { englishPart } from "./english";

/** English strings of the side panel (flyout) every page opens its details and forms in. */
export const enFlyout = englishPart({
  "flyout.action.addLocation": "Add Location",
  "flyout.action.addGroup": "Add Location Group",
  "flyout.action.inviteUser": "Invite users",
  "flyout.action.edit": "Edit",
  "flyout.action.view": "Details",
  "flyout.action.detectDevices": "Detect Devices",
  "flyout.action.addDeviceRunner": "Add Runner Device",
  "flyout.empty.title": "Nothing to show yet",
  "flyout.empty.text": "This panel is not available in this version of the console.",
});
