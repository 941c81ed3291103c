import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/ui/utils";

type DetectNoticeProps = {
  icon: LucideIcon;
  text: string;
  /** E.g. Try Again. */
  action?: ReactNode;
  tone?: "muted" | "warning";
  className?: string;
};

/** A calm one-message state of the results area (idle, nothing found, no detection service). */
export function DetectNotice({ icon: Icon, text, action, tone = "muted", className }: DetectNoticeProps) {
  return (
    <div
      role={tone === "warning" ? "alert" : "status"}
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center",
        tone === "warning" && "border-warning/40 bg-warning/5",
        className,
      )}
    >
      <span
        className={cn(
          "flex size-10 items-center justify-center rounded-full border bg-muted text-muted-foreground",
          tone === "warning" && "border-warning/30 bg-warning/10 text-warning",
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <p className="max-w-md text-sm text-muted-foreground">{text}</p>
      {action}
    </div>
  );
}
