import { MoonIcon, SunIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";
import { useT } from "@/lib/i18n";
import { toggleTheme, useTheme } from "@/lib/session/theme";

export function ThemeToggle() {
  const t = useT();
  const theme = useTheme();
  return (
    <Tooltip label={theme === "dark" ? t("theme.toLight") : t("theme.toDark")}>
      <Button variant="ghost" size="icon-sm" aria-label={t("theme.toggle")} onClick={toggleTheme}>
        {theme === "dark" ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
      </Button>
    </Tooltip>
  );
}
