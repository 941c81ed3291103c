import { useCallback, useEffect, useRef, useState } from "react";
import { fetchBlob } from "@/features/devices/settings/device-call";

/**
 * Loads a capture behind the bearer token into an object URL (revoked when no longer shown);
 * a new `version` reads the same address again (`latest.jpg` names the newest capture).
 */
export function useCaptureImage(url: string | null, version: unknown = null) {
  const [href, setHref] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // The URL on screen: replaced (and revoked) only once the next one is there, so nothing blinks.
  const shown = useRef<string | null>(null);
  const show = useCallback((next: string | null) => {
    if (shown.current) URL.revokeObjectURL(shown.current);
    shown.current = next;
    setHref(next);
  }, []);
  useEffect(() => () => show(null), [show]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version reads the same url again
  useEffect(() => {
    setFailed(false);
    if (!url) {
      show(null);
      return;
    }
    const controller = new AbortController();
    fetchBlob(url, controller.signal).then(
      (blob) => show(URL.createObjectURL(blob)),
      () => {
        if (controller.signal.aborted) return;
        show(null);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [url, version, show]);
  return { href, failed };
}
