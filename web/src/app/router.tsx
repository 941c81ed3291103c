import type { ComponentType, ReactNode } from "react";
import { Navigate, type RouteObject } from "react-router";
import { publicPages } from "@/features/auth/public-pages";
import { resolveSpace } from "@/features/session/current-space";
import { sessionQueries } from "@/features/session/queries";
import { spaceQueries } from "@/features/space/queries";
import { withChunkTimeout } from "@/lib/api/chunk-load";
import type { ListOpener } from "@/lib/api/list-opener";
import { queryClient } from "@/lib/api/query-client";
import { getSession } from "@/lib/session/session";
import { RequireSession } from "./require-session";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";
import { type LazyRoute, lazyRoute } from "./routing/lazy-route";
import type { RouteHandle } from "./routing/prepare";
import { RouteBoundary } from "./routing/route-boundary";

// Every route chunk fails after 120 s (console.md §9) or when its file is gone (a deploy replaced
// its hash): the route's error boundary (RouteError) then offers a reload instead of a blank page.
const publicChunk = withChunkTimeout(() => import("./lazy/public"));
const publicInfoChunk = withChunkTimeout(() => import("./lazy/public-info"));
const signedInChunk = withChunkTimeout(() => import("./lazy/signed-in"));
const flyoutChunk = withChunkTimeout(() => import("./lazy/flyout"));
const accountsChunk = withChunkTimeout(() => import("./lazy/accounts"));
const inviteFlyoutChunk = withChunkTimeout(() => import("./lazy/invite-flyout"));
const accessChunk = withChunkTimeout(() => import("./lazy/access"));
const recordingChunk = withChunkTimeout(() => import("./lazy/recording"));
const auditChunk = withChunkTimeout(() => import("./lazy/audit"));
const assetsChunk = withChunkTimeout(() => import("./lazy/assets"));
const devicesChunk = withChunkTimeout(() => import("./lazy/devices"));
const deviceFlyoutChunk = withChunkTimeout(() => import("./lazy/device-flyout"));
const locationsChunk = withChunkTimeout(() => import("./lazy/locations"));
const locationFlyoutChunk = withChunkTimeout(() => import("./lazy/location-flyout"));
const controlPanelChunk = withChunkTimeout(() => import("./lazy/control-panel"));
const groupsChunk = withChunkTimeout(() => import("./lazy/groups"));
const groupFlyoutChunk = withChunkTimeout(() => import("./lazy/group-flyout"));
const monitorChunk = withChunkTimeout(() => import("./lazy/monitor"));
const incidentsChunk = withChunkTimeout(() => import("./lazy/incidents"));
const alertingChunk = withChunkTimeout(() => import("./lazy/alerting"));
const adminChunk = withChunkTimeout(() => import("./lazy/admin"));
const adminRecordsChunk = withChunkTimeout(() => import("./lazy/admin-records"));
const adminSpacesChunk = withChunkTimeout(() => import("./lazy/admin-spaces"));
const reportChunk = withChunkTimeout(() => import("@/features/monitor/report/report-flyout"));
const wallChunk = withChunkTimeout(() => import("@/features/wall/wall-route"));

/** A route that renders `route` (a chunk's component) and starts loading it before the location renders. */
function lazy<P extends object>(route: LazyRoute<P>, rest: Omit<RouteObject, "element"> = {}, props?: P) {
  const { Component, preload } = route;
  const element = <Component {...(props as P)} />;
  return {
    ...rest,
    element,
    handle: { ...(rest.handle as RouteHandle), preload } satisfies RouteHandle,
  } as RouteObject;
}

/** Errors below this route (a chunk that did not load included) show the retry screen in its place. */
function guarded(route: RouteObject, inline = true): RouteObject {
  return {
    ...route,
    element: (
      <RouteBoundary fallback={(error) => <RouteError error={error} inline={inline} />}>
        {route.element as ReactNode}
      </RouteBoundary>
    ),
  } as RouteObject;
}

/** Starts the session call without waiting for it: the signed-in routes' chunks load meanwhile. */
function prefetchSignedInUser() {
  if (getSession()) void queryClient.prefetchQuery(sessionQueries.me());
  return null;
}

/**
 * A list route's `enter`: a list opened without filters gets the remembered ones (the entry is
 * replaced, so its first request is already the filtered one), and its first page is asked for
 * while the layout renders, not after (lib/list-opener.ts). Runs once per visit to the list
 * (filter changes and typing are the list's own).
 */
function openList<M>(chunk: () => Promise<M>, pick: (module: M) => ListOpener) {
  return async (url: URL) => {
    const opener = pick(await chunk());
    const remembered = opener.remembered(url.searchParams);
    if (remembered) return `${url.pathname}?${remembered}`;
    opener.prepare?.();
    if (getSession()) void preloadFirstPage(opener, url.searchParams);
    return null;
  };
}

/**
 * The list's first page, once the signed-in user (asked for by the session route's enter) is here,
 * for the space the layout will pick. Failures are the list's to show: it asks again when it renders.
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

// One LazyRoute per component: two routes that show the same component (a flyout's short and long
// paths) keep it mounted when the path changes from one to the other.
const pick = <M, K extends keyof M>(chunk: () => Promise<M>, name: K) =>
  lazyRoute(chunk, (m) => m[name] as ComponentType);
const Login = pick(publicChunk, "LoginPage");
const Success = pick(publicInfoChunk, "SuccessPage");
const PublicInfo = lazyRoute(publicInfoChunk, (m) => m.PublicInfoPage);
const Wall = pick(wallChunk, "WallRoute");
const WallForUser = pick(wallChunk, "WallForUser");
const AppLayout = pick(signedInChunk, "AppLayout");
const Flyout = pick(flyoutChunk, "Flyout");
const NotFound = pick(signedInChunk, "NotFound");
const Accounts = pick(accountsChunk, "AccountsPage");
const InviteUser = pick(inviteFlyoutChunk, "InviteUserFlyout");
const Access = pick(accessChunk, "AccessPage");
const Recording = pick(recordingChunk, "RecordingPage");
const Audit = pick(auditChunk, "AuditPage");
const AssetsShell = pick(assetsChunk, "AssetsShell");
const Devices = pick(devicesChunk, "DevicesPage");
const DeviceFlyout = pick(deviceFlyoutChunk, "DeviceFlyout");
const Locations = pick(locationsChunk, "LocationsPage");
const ControlPanel = pick(controlPanelChunk, "ControlPanel");
const GlobalWorkingTime = pick(controlPanelChunk, "GlobalWorkingTimePage");
const CustomFields = pick(controlPanelChunk, "CustomFieldsPage");
const CaptureSettings = pick(controlPanelChunk, "CaptureSettingsPage");
const SessionPolicy = pick(controlPanelChunk, "SessionPolicyPage");
const LocationFlyout = pick(locationFlyoutChunk, "LocationFlyout");
const Groups = pick(groupsChunk, "GroupsPage");
const GroupFlyout = pick(groupFlyoutChunk, "GroupFlyout");
const MonitorShell = pick(monitorChunk, "MonitorShell");
const Activity = pick(monitorChunk, "ActivityPage");
const Performance = pick(monitorChunk, "PerformancePage");
const Unavailable = pick(monitorChunk, "UnavailablePage");
const HealthReport = pick(reportChunk, "HealthReportFlyout");
const Incidents = pick(incidentsChunk, "IncidentsPage");
const IncidentFlyout = pick(incidentsChunk, "IncidentFlyout");
const AlertingShell = pick(alertingChunk, "AlertingShell");
const AlertRules = pick(alertingChunk, "RulesPage");
const AlertChannels = pick(alertingChunk, "ChannelsPage");
const Maintenance = pick(alertingChunk, "MaintenancePage");
const NotificationPreferences = pick(alertingChunk, "PreferencesPage");
const AdminShell = pick(adminChunk, "AdminShell");
const Applications = pick(adminChunk, "ApplicationsPage");
const ApplicationAdd = pick(adminRecordsChunk, "ApplicationAddPage");
const ApplicationDetail = pick(adminRecordsChunk, "ApplicationDetailPage");
const Runners = pick(adminChunk, "RunnersPage");
const RunnerAdd = pick(adminRecordsChunk, "RunnerAddPage");
const RunnerDetail = pick(adminRecordsChunk, "RunnerDetailPage");
const Spaces = pick(adminSpacesChunk, "SpacesPage");

const flyout = (path: string) => lazy(Flyout, { path });
const deviceFlyout = (path: string) => lazy(DeviceFlyout, { path });

const publicRoutes: RouteObject[] = [
  lazy(Login, { path: "login" }),
  lazy(Success, { path: "success" }),
  ...publicPages.map((page) => lazy(PublicInfo, { path: page }, { page })),
];

/** console.md §2.3: Locations, Devices, Location Groups and their flyout children. */
const assetsRoutes = guarded(
  lazy(AssetsShell, {
    children: [
      lazy(Devices, {
        path: "devices",
        handle: { enter: openList(devicesChunk, (m) => m.deviceListOpener) } satisfies RouteHandle,
        children: [deviceFlyout(":action"), deviceFlyout(":device_type/:action/:space_uuid/:uuid/:tab")],
      }),
      {
        path: "locations",
        children: [
          // The control panel: working_time (default) and custom_fields (console.md §2.6).
          lazy(ControlPanel, {
            path: "global",
            children: [
              { index: true, element: <Navigate to="working_time" replace /> },
              lazy(GlobalWorkingTime, { path: "working_time" }),
              lazy(CustomFields, { path: "custom_fields" }),
              lazy(CaptureSettings, { path: "screens" }),
              lazy(SessionPolicy, { path: "sessions" }),
            ],
          }),
          lazy(Locations, {
            handle: { enter: openList(locationsChunk, (m) => m.locationListOpener) } satisfies RouteHandle,
            children: [
              { index: true },
              lazy(LocationFlyout, { path: ":action" }),
              lazy(LocationFlyout, { path: ":location_type/:action/:uuid/:tab" }),
              deviceFlyout(":device_type/:action/:space_uuid/:uuid/:tab"),
            ],
          }),
        ],
      },
      lazy(Groups, {
        path: "groups",
        children: [
          lazy(GroupFlyout, { path: ":action" }),
          lazy(GroupFlyout, { path: ":group_type/:action/:space_uuid/:uuid/:tab" }),
        ],
      }),
    ],
  }),
);

/** console.md §2.11: Activity, Performance (+ flyout), Incidents (+ flyout), System Events and Audit Logs (disabled). */
const monitorRoutes = guarded(
  lazy(MonitorShell, {
    children: [
      lazy(Activity, { path: "activity" }),
      lazy(Performance, {
        path: "performance",
        children: [
          // console.md names the device actions (Add Runner Device, Detect Devices) for this flyout.
          deviceFlyout(":action"),
          // The device health report (monitoring_type device, action view); its own chunk with the charts split off.
          lazy(HealthReport, { path: ":monitoring_type/:action/:space_uuid/:uuid/:tab" }),
        ],
      }),
      lazy(Incidents, {
        path: "incidents",
        children: [lazy(IncidentFlyout, { path: "incident/view/:space_uuid/:uuid" })],
      }),
      lazy(Unavailable, { path: "events" }),
      lazy(Unavailable, { path: "logs" }),
    ],
  }),
);

/** Alerting settings under Monitor: rules, channels, maintenance windows (an Admin's), the caller's notifications. */
const alertingRoutes = guarded(
  lazy(AlertingShell, {
    children: [
      lazy(AlertRules, { path: "alert-rules" }),
      lazy(AlertChannels, { path: "alert-channels" }),
      lazy(Maintenance, { path: "maintenance" }),
      lazy(NotificationPreferences, { path: "notification-preferences" }),
    ],
  }),
);

/** console.md §2.12: Applications and Runners with their detail pages. */
const adminRoutes = guarded(
  lazy(AdminShell, {
    children: [
      lazy(Applications, { path: "applications" }),
      lazy(ApplicationAdd, { path: "applications/add" }),
      lazy(ApplicationDetail, { path: "applications/:appId" }),
      lazy(Runners, { path: "runners" }),
      lazy(RunnerAdd, { path: "runners/add" }),
      lazy(RunnerDetail, { path: "runners/:runnerId" }),
      lazy(Spaces, { path: "spaces" }),
    ],
  }),
);

/** The console's routes (app/routing/app-router.tsx renders them). */
export const routes: RouteObject[] = [
  guarded(
    {
      element: <RootLayout />,
      children: [
        ...publicRoutes,
        // The NOC wall: full screen without the app's frame; a display link, or a sign-in.
        lazy(Wall, { path: "wall", children: [lazy(WallForUser, { index: true })] }),
        {
          element: <RequireSession />,
          // The signed-in user (AppLayout's first call) is asked for while the route chunks load, not after.
          handle: { enter: prefetchSignedInUser } satisfies RouteHandle,
          children: [
            lazy(AppLayout, {
              children: [
                { index: true, element: <Navigate to="/devices" replace /> },
                guarded(
                  lazy(Accounts, {
                    path: "accounts",
                    children: [lazy(InviteUser, { path: "inviteUser" }), flyout(":action")],
                  }),
                ),
                // The space's audit log, for Admins (under Accounts; Monitor's Audit Logs tab stays disabled).
                guarded(lazy(Audit, { path: "accounts/audit" })),
                // An Admin's wall display links and space API tokens (under Accounts in the navigation).
                guarded(lazy(Access, { path: "access" })),
                // A recorded remote session (the audit log's link): a page of its own, not a device tab.
                guarded(lazy(Recording, { path: "devices/device/view/:space_uuid/:uuid/recording/:session" })),
                assetsRoutes,
                monitorRoutes,
                alertingRoutes,
                adminRoutes,
                lazy(NotFound, { path: "*" }),
              ],
            }),
          ],
        },
      ],
    },
    false,
  ),
];
