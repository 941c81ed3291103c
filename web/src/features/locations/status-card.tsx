import type { OnlineStatus } from "@contracts/locations/schema";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/ui/utils";
import { onlineStatusColor } from "./online-status";

const frame = "flex flex-col gap-3 rounded-lg border border-l-4 bg-card p-4";

/** A location's or group's card in a grid: the whole card opens it, its left edge in the online state's colour. */
export function StatusCardLink({ to, status, children }: { to: string; status: OnlineStatus; children: ReactNode }) {
  return (
    <Link
      to={to}
      // The flyout's code loads when the pointer or the focus reaches the card (app-router.tsx).
      data-preload
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

type StatusCardSkeletonProps = {
  /** The card's height. */
  className: string;
  /** The widths of the name's and the badge's placeholders in the top row. */
  name: string;
  badge: string;
  /** The placeholders under the top row. */
  children: ReactNode;
};

/** A StatusCardLink's placeholder while the list loads: the name and a badge, then `children`. */
export function StatusCardSkeleton({ className, name, badge, children }: StatusCardSkeletonProps) {
  return (
    <div className={cn(frame, className)}>
      <div className="flex justify-between gap-2">
        <Skeleton className={cn("h-4", name)} />
        <Skeleton className={cn("h-5 rounded-full", badge)} />
      </div>
      {children}
    </div>
  );
}
