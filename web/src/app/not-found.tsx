import { CompassIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useT } from "@/lib/i18n";

export function NotFound() {
  const t = useT();
  return (
    <EmptyState
      icon={CompassIcon}
      title={t("notFound.title")}
      description={t("notFound.text")}
      className="h-full"
      action={
        <Button asChild variant="outline">
          <Link to="/devices">{t("notFound.home")}</Link>
        </Button>
      }
    />
  );
}
