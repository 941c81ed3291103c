import { useQuery } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { useAccountPresence } from "@/features/accounts/use-account-presence";
import { ScreenshotViewerHost } from "@/features/devices/settings/screenshot-viewer-host";
import { CurrentSpaceContext, resolveSpace, useCurrentSpace } from "@/features/session/current-space";
import { sessionQueries } from "@/features/session/queries";
import { useSpaceRealtime } from "@/lib/realtime/use-space-realtime";
import { CommandPaletteHost } from "./command-palette/host";
import { ConnectionBanner } from "./connection-banner";
import { LayoutError, LayoutSkeleton, NoSpaces } from "./layout-states";
import { Sidebar } from "./sidebar";
import { Topbar } from "./topbar";

/** The signed-in frame: loads the user, picks the space, keeps its room connected. */
export function AppLayout() {
  const me = useQuery(sessionQueries.me());
  if (me.isPending) return <LayoutSkeleton />;
  if (me.isError) return <LayoutError error={me.error} onRetry={() => void me.refetch()} />;
  const space = resolveSpace(me.data);
  if (!space) return <NoSpaces />;
  return (
    <CurrentSpaceContext value={{ user: me.data, space }}>
      <SignedInFrame />
    </CurrentSpaceContext>
  );
}

function SignedInFrame() {
  const { space } = useCurrentSpace();
  useSpaceRealtime(space.space_uuid);
  useAccountPresence(space.space_uuid, space.account_uuid);
  return (
    <div className="flex h-dvh overflow-hidden bg-background">
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <Topbar />
        <main className="relative min-h-0 flex-1">
          <Outlet />
        </main>
      </div>
      {/* Here, not in the device flyout: a "Screenshot is available!" View works after the flyout closed. */}
      <ScreenshotViewerHost />
      {/* Ctrl-K / ⌘-K and `/`; the palette's chunk loads on first use. */}
      <CommandPaletteHost />
      <ConnectionBanner />
    </div>
  );
}
