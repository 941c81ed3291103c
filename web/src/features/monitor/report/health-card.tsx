import type { ReactNode } from "react";
import { HealthStatus } from "@/components/health";
import { cn } from "@/lib/ui/utils";

/** One section of the health report: a title with its condition, then label / value rows. */
export function HealthCard({
  title,
  code,
  children,
  testId,
}: {
  title: string;
  code: number | null | undefined;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="flex min-w-0 flex-col gap-2 rounded-lg border bg-card px-4 py-3"
    >
      <header className="flex items-center justify-between gap-3">
        <h4 className="text-sm font-semibold">{title}</h4>
        <HealthStatus code={code} />
      </header>
      <dl className="grid grid-cols-[fit-content(45%)_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">{children}</dl>
    </section>
  );
}

/** A row of a HealthCard; `code` adds the row's own condition at its end. */
export function HealthRow({
  label,
  children,
  code,
  mono = true,
}: {
  label: ReactNode;
  children: ReactNode;
  code?: number | null;
  mono?: boolean;
}) {
  return (
    <>
      <dt className="min-w-0 break-words text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center justify-between gap-x-2 gap-y-0.5">
        <span className={cn("min-w-0 break-words", mono && "font-mono text-[13px] tabular-nums")}>{children}</span>
        {code !== undefined && <HealthStatus code={code} />}
      </dd>
    </>
  );
}

/** What a section shows when the latest report lacks its part. */
export function NotReported({ text }: { text: string }) {
  return <p className="col-span-2 text-sm text-muted-foreground">{text}</p>;
}
