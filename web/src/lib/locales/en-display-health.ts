import { englishPart } from "./english";

/** English strings of display health: each display's state and its captures. */
export const enDisplayHealth = englishPart({
  "displayHealth.title": "Screen",
  "displayHealth.screens": "Screens",
  "displayHealth.state.showing": "Showing",
  "displayHealth.state.black": "Black or blank",
  "displayHealth.state.frozen": "Frozen",
  "displayHealth.state.wrong_content": "Wrong content",
  "displayHealth.state.panel_off_scheduled": "Panel off (scheduled)",
  "displayHealth.state.panel_off_unexpected": "Panel off (unexpected)",
  "displayHealth.state.unplugged": "Unplugged",
  "displayHealth.state.player_offline": "Player offline",
  "displayHealth.since": "since {time}",
  "displayHealth.lastKnown": "Last known state: the device is offline",
  "displayHealth.strip": "Last 24 hours",
  "displayHealth.now": "now",
  "displayHealth.strip.empty": "No captures in the last 24 hours.",
  "displayHealth.strip.failed": "The captures could not be loaded.",
  "displayHealth.strip.denied": "Captures are not shown to Viewers in this space.",
  "displayHealth.noImage": "No picture",
  "displayHealth.capture": "Capture of {display} at {time}: {state}",
  "displayHealth.open": "Open the capture of {time}",
  "displayHealth.metrics": "Luminance {luminance} · spread {spread}",
});
