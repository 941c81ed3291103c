import type { ComponentType } from "react";
import { createBrowserRouter, type LoaderFunctionArgs, Navigate, type RouteObject, replace } from "react-router";
import { publicPages } from "@/features/auth/public-pages";
import { resolveSpace } from "@/features/session/current-space";
import { sessionQueries } from "@/features/session/queries";
import { spaceQueries } from "@/features/space/queries";
import { withChunkTimeout } from "@/lib/chunk-load";
import type { ListOpener } from "@/lib/list-opener";
import { queryClient } from "@/lib/query-client";
import { getSession } from "@/lib/session";
import { RequireSession } from "./require-session";
import { BootScreen, RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

// Every route chunk fails after 120 s (console.md §9) or when its file is gone (a deploy replaced
// its hash): the route's errorElement (RouteError) then offers a reload instead of a blank page.
const publicChunk = withChunkTimeout(() => import("./lazy/public"));
const publicInfoChunk = withChunkTimeout(() => import("./lazy/public-info"));
const signedInChunk = withChunkTimeout(() => import("./lazy/signed-in"));
const accountsChunk = withChunkTimeout(() => import("./lazy/accounts"));
const accessChunk = withChunkTimeout(() => import("./lazy/access"));
const assetsChunk = withChunkTimeout(() => import("./lazy/assets"));
const devicesChunk = withChunkTimeout(() => import("./lazy/devices"));
const deviceFlyoutChunk = withChunkTimeout(() => import("./lazy/device-flyout"));
const locationsChunk = withChunkTimeout(() => import("./lazy/locations"));
const locationFlyoutChunk = withChunkTimeout(() => import("./lazy/location-flyout"));
const groupsChunk = withChunkTimeout(() => import("./lazy/groups"));
const groupFlyoutChunk = withChunkTimeout(() => import("./lazy/group-flyout"));
const monitorChunk = withChunkTimeout(() => import("./lazy/monitor"));
const adminChunk = withChunkTimeout(() => import("./lazy/admin"));
const reportChunk = withChunkTimeout(() => import("@/features/monitor/report/report-flyout"));
const wallChunk = withChunkTimeout(() => import("@/features/wall/wall-route"));

/** A route's Component, loaded from a chunk when the route is first visited. */
function lazyComponent<M>(chunk: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await chunk()) });
}

/** Starts the session call without waiting for it: the signed-in routes' chunks load meanwhile. */
function prefetchSignedInUser() {
  if (getSession()) void queryClient.prefetchQuery(sessionQueries.me());
  return null;
}

/**
 * A list route's loader: a list opened without filters gets the remembered ones (the entry is
 * replaced, so its first request is already the filtered one), and its first page is asked for
 * while the layout renders, not after (lib/list-opener.ts). Runs once per visit to the list
 * (with `shouldRevalidate: never`: filter changes and typing are the list's own).
 */
function openList<M>(chunk: () => Promise<M>, pick: (module: M) => ListOpener) {
  return async ({ request }: LoaderFunctionArgs) => {
    const opener = pick(await chunk());
    const url = new URL(request.url);
    const remembered = opener.remembered(url.searchParams);
    if (remembered) return replace(`${url.pathname}?${remembered}`);
    if (getSession()) void preloadFirstPage(opener, url.searchParams);
    return null;
  };
}

/**
 * The list's first page, once the signed-in user (asked for by the session loader) is here, for
 * the space the layout will pick. Failures are the list's to show: it asks again when it renders.
 */
async function preloadFirstPage(opener: ListOpener, params: URLSearchParams) {
  try {
    const space = resolveSpace(await queryClient.ensureQueryData(sessionQueries.me()));
    if (!space) return;
    // The caller's role too: the list waits for it before showing rows (its selection column).
    void queryClient.prefetchQuery(spaceQueries.detail(space.space_uuid));
    await opener.prefetchFirstPage(queryClient, space.space_uuid, params);
  } catch {
    // The layout and the list report it.
  }
}
const never = () => false;

const flyout = (path: string): RouteObject => ({ path, lazy: lazyComponent(signedInChunk, (m) => m.Flyout) });
const deviceFlyout = (path: string): RouteObject => ({
  path,
  lazy: lazyComponent(deviceFlyoutChunk, (m) => m.DeviceFlyout),
});

const publicRoutes: RouteObject[] = [
  { path: "login", lazy: lazyComponent(publicChunk, (m) => m.LoginPage) },
  { path: "success", lazy: lazyComponent(publicInfoChunk, (m) => m.SuccessPage) },
  ...publicPages.map(
    (page): RouteObject => ({
      path: page,
      lazy: async () => {
        const { PublicInfoPage } = await publicInfoChunk();
        return { element: <PublicInfoPage page={page} /> };
      },
    }),
  ),
];

/** console.md §2.3: Locations, Devices, Location Groups and their flyout children. */
const assetsRoutes: RouteObject = {
  lazy: lazyComponent(assetsChunk, (m) => m.AssetsShell),
  errorElement: <RouteError inline />,
  children: [
    {
      path: "devices",
      loader: openList(devicesChunk, (m) => m.deviceListOpener),
      shouldRevalidate: never,
      lazy: lazyComponent(devicesChunk, (m) => m.DevicesPage),
      children: [deviceFlyout(":action"), deviceFlyout(":device_type/:action/:space_uuid/:uuid/:tab")],
    },
    {
      path: "locations",
      children: [
        {
          // The control panel: working_time (default) and custom_fields (console.md §2.6).
          path: "global",
          lazy: lazyComponent(locationFlyoutChunk, (m) => m.ControlPanel),
          children: [
            { index: true, element: <Navigate to="working_time" replace /> },
            { path: "working_time", lazy: lazyComponent(locationFlyoutChunk, (m) => m.GlobalWorkingTimePage) },
            { path: "custom_fields", lazy: lazyComponent(locationFlyoutChunk, (m) => m.CustomFieldsPage) },
          ],
        },
        {
          loader: openList(locationsChunk, (m) => m.locationListOpener),
          shouldRevalidate: never,
          lazy: lazyComponent(locationsChunk, (m) => m.LocationsPage),
          children: [
            { index: true },
            { path: ":action", lazy: lazyComponent(locationFlyoutChunk, (m) => m.LocationFlyout) },
            {
              path: ":location_type/:action/:uuid/:tab",
              lazy: lazyComponent(locationFlyoutChunk, (m) => m.LocationFlyout),
            },
            deviceFlyout(":device_type/:action/:space_uuid/:uuid/:tab"),
          ],
        },
      ],
    },
    {
      path: "groups",
      lazy: lazyComponent(groupsChunk, (m) => m.GroupsPage),
      children: [
        { path: ":action", lazy: lazyComponent(groupFlyoutChunk, (m) => m.GroupFlyout) },
        {
          path: ":group_type/:action/:space_uuid/:uuid/:tab",
          lazy: lazyComponent(groupFlyoutChunk, (m) => m.GroupFlyout),
        },
      ],
    },
  ],
};

/** console.md §2.11: Activity, Performance (+ flyout), System Events and Audit Logs (disabled). */
const monitorRoutes: RouteObject = {
  lazy: lazyComponent(monitorChunk, (m) => m.MonitorShell),
  errorElement: <RouteError inline />,
  children: [
    { path: "activity", lazy: lazyComponent(monitorChunk, (m) => m.ActivityPage) },
    {
      path: "performance",
      lazy: lazyComponent(monitorChunk, (m) => m.PerformancePage),
      children: [
        flyout(":action"),
        // The device health report (monitoring_type device, action view); its own chunk with the charts split off.
        {
          path: ":monitoring_type/:action/:space_uuid/:uuid/:tab",
          lazy: lazyComponent(reportChunk, (m) => m.HealthReportFlyout),
        },
      ],
    },
    { path: "events", lazy: lazyComponent(monitorChunk, (m) => m.UnavailablePage) },
    { path: "logs", lazy: lazyComponent(monitorChunk, (m) => m.UnavailablePage) },
  ],
};

/** console.md §2.12: Applications and Runners with their detail pages. */
const adminRoutes: RouteObject = {
  lazy: lazyComponent(adminChunk, (m) => m.AdminShell),
  errorElement: <RouteError inline />,
  children: [
    { path: "applications", lazy: lazyComponent(adminChunk, (m) => m.ApplicationsPage) },
    { path: "applications/add", lazy: lazyComponent(adminChunk, (m) => m.ApplicationAddPage) },
    { path: "applications/:appId", lazy: lazyComponent(adminChunk, (m) => m.ApplicationDetailPage) },
    { path: "runners", lazy: lazyComponent(adminChunk, (m) => m.RunnersPage) },
    { path: "runners/add", lazy: lazyComponent(adminChunk, (m) => m.RunnerAddPage) },
    { path: "runners/:runnerId", lazy: lazyComponent(adminChunk, (m) => m.RunnerDetailPage) },
    { path: "spaces", lazy: lazyComponent(adminChunk, (m) => m.SpacesPage) },
  ],
};

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: BootScreen,
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      // The NOC wall (issue 16): full screen without the app's frame; a display link, or a sign-in.
      {
        path: "wall",
        lazy: lazyComponent(wallChunk, (m) => m.WallRoute),
        children: [{ index: true, lazy: lazyComponent(wallChunk, (m) => m.WallForUser) }],
      },
      {
        Component: RequireSession,
        // The signed-in user (AppLayout's first call) is asked for while the route chunks load, not after.
        loader: prefetchSignedInUser,
        shouldRevalidate: () => false,
        children: [
          {
            lazy: lazyComponent(signedInChunk, (m) => m.AppLayout),
            children: [
              { index: true, element: <Navigate to="/devices" replace /> },
              {
                path: "accounts",
                lazy: lazyComponent(accountsChunk, (m) => m.AccountsPage),
                errorElement: <RouteError inline />,
                children: [
                  { path: "inviteUser", lazy: lazyComponent(accountsChunk, (m) => m.InviteUserFlyout) },
                  flyout(":action"),
                ],
              },
              // Issue 16: an Admin's wall display links and space API tokens (under Accounts in the navigation).
              {
                path: "access",
                lazy: lazyComponent(accessChunk, (m) => m.AccessPage),
                errorElement: <RouteError inline />,
              },
              assetsRoutes,
              monitorRoutes,
              adminRoutes,
              { path: "*", lazy: lazyComponent(signedInChunk, (m) => m.NotFound) },
            ],
          },
        ],
      },
    ],
  },
]);
