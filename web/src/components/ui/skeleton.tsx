import type { ComponentProps } from "react";
import { cn } from "@/lib/ui/utils";

/** A placeholder with the size of what is loading, so nothing jumps when it arrives. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-foreground/8 motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
