import { cn } from "@/lib/ui/utils";

/** The author's online dot on a comment's avatar (devices.md §3 Comment account_online): green online, grey offline. */
export function AuthorDot({ online, label }: { online: boolean; label: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-online={online}
      className={cn(
        "absolute -right-0.5 -bottom-0.5 size-2.5 rounded-full ring-2 ring-card",
        online ? "bg-success" : "bg-muted-foreground/50",
      )}
    />
  );
}
