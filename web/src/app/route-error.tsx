import { RotateCwIcon, TriangleAlertIcon } from "lucide-react";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ChunkLoadError, isChunkLoadError } from "@/lib/api/chunk-load";
import { useT } from "@/lib/i18n";
import { connection, whenConnected } from "@/lib/realtime/connection";

/**
 * Shown when rendering or loading a route fails. A route chunk that failed or took longer than
 * 120 s (console.md §9; e.g. its hashed file gone after a deploy) gets the retry screen: a reload
 * fetches the current index and its chunks.
 */
export function RouteError({ error, inline = false }: { error: unknown; inline?: boolean }) {
  const t = useT();
  useEffect(() => console.error(error), [error]);
  const chunk = isChunkLoadError(error);
  // A part that could not load because the server is gone loads again by itself once it is back
  // (a reload while it is gone would show the browser's own error page).
  useEffect(() => {
    if (!chunk) return;
    let cancelled = false;
    void connection.check().then((up) => {
      if (!up) void whenConnected().then(() => !cancelled && window.location.reload());
    });
    return () => {
      cancelled = true;
    };
  }, [chunk]);
  const title = chunk ? t("error.chunk.title") : t("error.title");
  const detail = chunk
    ? error instanceof ChunkLoadError && error.reason === "timeout"
      ? t("error.chunk.timeout")
      : t("error.chunk.failed")
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
        title={title}
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
