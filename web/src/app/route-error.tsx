import { RotateCwIcon, TriangleAlertIcon } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useT } from "@/lib/i18n";

/** Shown when rendering or loading a route fails (e.g. a chunk gone after a deploy). */
export function RouteError({ inline = false }: { inline?: boolean }) {
  const t = useT();
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t("error.unknown");
  return (
    <div
      className={
        inline ? "flex h-full items-center justify-center" : "flex min-h-dvh items-center justify-center bg-background"
      }
    >
      <EmptyState
        icon={TriangleAlertIcon}
        title={t("error.title")}
        description={detail}
        action={
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RotateCwIcon aria-hidden="true" />
            {t("error.reload")}
          </Button>
        }
      />
    </div>
  );
}
