import "@/lib/i18n/locales/en-admin";
import { CircleHelpIcon } from "lucide-react";
import { useT } from "@/lib/i18n";

const EXAMPLE = `"launch": { "kind": "url", "url": "https://menu.example.com/{{shop}}" }
"launch": { "kind": "command", "command": ["/opt/player", "--list={{playlist}}"], "env": { "LANG": "{{lang}}" } }`;

/**
 * The fields of an application's JSON that the console and the agent read (docs/applications.md):
 * the template (the Peripherals tab's option form) and launch (how the agent runs it on a display).
 */
export function ApplicationHelp() {
  const t = useT();
  return (
    <details className="group rounded-lg border bg-card text-sm">
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 font-medium outline-none select-none focus-visible:ring-2 focus-visible:ring-ring">
        <CircleHelpIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        {t("admin.help.title")}
      </summary>
      <div className="flex flex-col gap-2 border-t px-3 py-2.5 text-xs text-muted-foreground">
        <p>{t("admin.help.template")}</p>
        <p>{t("admin.help.launchUrl")}</p>
        <p>{t("admin.help.launchCommand")}</p>
        <p>{t("admin.help.placeholders")}</p>
        <pre className="overflow-x-auto rounded bg-muted px-2 py-1.5 font-mono text-[11px] text-foreground">
          {EXAMPLE}
        </pre>
      </div>
    </details>
  );
}
