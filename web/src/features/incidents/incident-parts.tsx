import type { Incident, IncidentState } from "@contracts/alerting/schema";
import { Badge } from "@/components/ui/badge";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { stateText } from "./incident-format";

const stateTone: Record<IncidentState, string> = {
  open: "border-transparent bg-destructive/12 text-destructive",
  acknowledged: "border-transparent bg-warning/18 text-foreground",
  resolved: "border-transparent bg-success/15 text-success",
  suppressed: "border-transparent bg-muted text-muted-foreground",
};

/** The incident's state as a chip (a suppressed one says why). */
export function IncidentStateBadge({
  incident,
  className,
}: {
  incident: Pick<Incident, "state" | "suppressed_reason">;
  className?: string;
}) {
  const t = useT();
  return (
    <Badge
      variant="outline"
      className={cn(stateTone[incident.state], className)}
      data-testid="incident-state"
      data-state={incident.state}
    >
      {t(stateText(incident))}
    </Badge>
  );
}

/** The coloured edge of an incident row: red while open, amber once acknowledged, calm after. */
export const stateEdge: Record<IncidentState, string> = {
  open: "border-l-destructive",
  acknowledged: "border-l-warning",
  resolved: "border-l-success/60",
  suppressed: "border-l-muted-foreground/40",
};
