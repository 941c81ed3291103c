import { lazyRoute } from "@/app/routing/lazy-route";

/**
 * The device list's rows view, loaded on demand: the list's opener starts it before the list
 * renders when rows are the remembered view, the view toggle when it is about to be clicked.
 * Cards (the default, and every phone) never load TanStack Table.
 */
export const deviceTableView = lazyRoute(
  () => import("./device-table"),
  (m) => m.DeviceTable,
);
