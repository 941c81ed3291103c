import { SheetBody, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";

/** The report's shape while the device loads: header, banner and section cards, no jump after. */
export function ReportSkeleton({ label }: { label: string }) {
  return (
    <>
      <SheetHeader className="gap-1.5">
        <SheetTitle className="sr-only">{label}</SheetTitle>
        <SheetDescription className="sr-only">{label}</SheetDescription>
        <div className="flex min-h-9 items-center gap-3">
          <Skeleton className="size-9 rounded-md" />
          <Skeleton className="h-6 w-56" />
          <Skeleton className="h-5 w-28 rounded-full" />
        </div>
        <Skeleton className="h-4 w-72" />
      </SheetHeader>
      <SheetBody className="space-y-4" role="status" aria-label={label}>
        <Skeleton className="h-12 w-full rounded-lg" />
        <div className="grid gap-3 md:grid-cols-2">
          {["cpu", "memory", "uptime", "gpu", "disk", "network"].map((key) => (
            <Skeleton key={key} className="h-28 rounded-lg" />
          ))}
        </div>
      </SheetBody>
    </>
  );
}
