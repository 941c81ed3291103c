import type { OnlineStatus } from "@contracts/location";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "@/lib/utils";
import { onlineStatusColor } from "./online-status";

const frame = "flex flex-col gap-3 rounded-lg border border-l-4 bg-card p-4";

/** A location's or group's card in a grid: the whole card opens it, its left edge in the online state's colour. */
export function StatusCardLink({ to, status, children }: { to: string; status: OnlineStatus; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={cn(
        frame,
        "h-full shadow-xs transition-colors outline-none hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring",
        onlineStatusColor[status].border,
      )}
    >
      {children}
    </Link>
  );
}

/** A StatusCardLink's placeholder while the list loads; `className` gives its height. */
export function StatusCardSkeleton({ className, children }: { className: string; children: ReactNode }) {
  return <div className={cn(frame, className)}>{children}</div>;
}
