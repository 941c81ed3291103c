import type { ReactNode } from "react";
import { cn } from "@/lib/ui/utils";

export type Fact = { label: string; value: ReactNode; mono?: boolean; testId?: string };

/** Label / value pairs of the device screens, one per line. */
export function FactList({ facts, className }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-2.5 text-sm", className)}>
      {facts.map((fact) => (
        <div key={fact.label} className="contents">
          <dt className="text-muted-foreground">{fact.label}</dt>
          <dd
            data-testid={fact.testId}
            className={cn("min-w-0 break-words", fact.mono && "font-mono text-xs leading-5")}
          >
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled block of a device tab. */
export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn("flex flex-col gap-2", className)}>
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}
