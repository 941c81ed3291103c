import { lazyRoute } from "@/app/routing/lazy-route";

/**
 * The location list's rows view, loaded on demand: the list's opener starts it before the list
 * renders when rows are the remembered view, the view toggle when it is about to be clicked.
 */
export const locationTableView = lazyRoute(
  () => import("./location-table"),
  (m) => m.LocationTable,
);
