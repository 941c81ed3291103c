// The Assets shell (header, tabs, view toggle, add menu); each tab's page comes in its own chunk.
export { AssetsShell } from "../shells/assets-shell";
