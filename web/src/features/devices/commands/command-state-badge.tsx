import "@/lib/i18n/locales/en-commands";
import type { CommandState } from "@contracts/commands/queue";
import { HourglassIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Tooltip } from "@/components/ui/tooltip";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { recordLook, WARNING_TEXT } from "./command-state";

/**
 * A command's state as a chip: icon, word and colour (never colour alone), what the state means on
 * hover and focus; "late" beside it when the answer came after the API had said outcome_unknown.
 */
export function CommandStateBadge({ state, late, dryRun }: { state: CommandState; late: boolean; dryRun?: boolean }) {
  const t = useT();
  const look = recordLook(state, dryRun === true);
  const Icon = look.icon;
  return (
    <span className="inline-flex flex-wrap items-center gap-1 @2xl:flex-nowrap">
      <Tooltip label={t(look.hint)} side="top">
        {/* Focusable so keyboard users reach the explanation too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip trigger explains the state */}
        <span tabIndex={0} className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Badge
            variant="outline"
            data-state-look={dryRun && state === "succeeded" ? "dry_run" : state}
            className={cn(look.className)}
          >
            <Icon aria-hidden="true" />
            {t(look.label)}
          </Badge>
        </span>
      </Tooltip>
      {late && (
        <Tooltip label={t("device.commands.lateHint")} side="top">
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip trigger explains "late" */}
          <span tabIndex={0} className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <Badge variant="outline" className={cn("border-warning/50", WARNING_TEXT)}>
              <HourglassIcon aria-hidden="true" />
              {t("device.commands.late")}
            </Badge>
          </span>
        </Tooltip>
      )}
    </span>
  );
}
