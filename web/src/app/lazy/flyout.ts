// The flyout of routes whose panel is not built yet (the frame: Radix's dialog), apart from the
// signed-in shell so that a list's first load carries no dialog.
export { Flyout } from "../flyout";
