export { ActivityPage, PerformancePage, UnavailablePage } from "@/features/monitor/monitor-pages";
export { MonitorShell } from "../shells/monitor-shell";
