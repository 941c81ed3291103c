import { Outlet } from "react-router";
import { NavigationProgress } from "./navigation-progress";

export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

/** Shown while the first route chunk loads: just the themed background (no flash). */
export function BootScreen() {
  return <div className="min-h-dvh bg-background" />;
}
