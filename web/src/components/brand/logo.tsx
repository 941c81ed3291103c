import { cn } from "@/lib/ui/utils";

/** The Outpost mark: a hexagonal node with a hub (brand colour = primary token). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-7 shrink-0", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M16 6 25 11v10l-9 5-9-5V11z"
        fill="none"
        strokeWidth="2.2"
        strokeLinejoin="round"
        className="stroke-primary-foreground"
      />
      <circle cx="16" cy="16" r="3.2" className="fill-primary-foreground" />
    </svg>
  );
}

export function Logo({ className, collapsed = false }: { className?: string; collapsed?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark />
      {!collapsed && <span className="text-[15px] font-semibold tracking-tight">Outpost</span>}
    </span>
  );
}
