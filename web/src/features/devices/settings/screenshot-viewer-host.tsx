import { type ComponentType, useEffect, useRef, useState } from "react";
import { useT } from "@/lib/i18n";
import { setScreenshotHandler, showAlert } from "@/lib/ui/alerts";
import type { ScreenshotViewerProps } from "./screenshot-viewer";

/** The viewer (Radix's dialog): loaded at the first View, not in a page's first load. */
const loadViewer = () => import("./screenshot-viewer");

/**
 * Registers as the alerts' screenshot handler while mounted (in the signed-in frame, so that a
 * "Screenshot is available!" View works after the device flyout closed) and shows the viewer it opens.
 */
export function ScreenshotViewerHost() {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  const [Viewer, setViewer] = useState<ComponentType<ScreenshotViewerProps> | null>(null);
  // The handler is registered once: it reads the current language's texts through a ref.
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  }, [t]);

  useEffect(
    () =>
      setScreenshotHandler((next) => {
        setUrl(next);
        loadViewer().then(
          (module) => setViewer(() => module.default),
          () => {
            setUrl(null);
            showAlert({ type: "error", message: tRef.current("device.screenshot.viewerFailed") });
          },
        );
      }),
    [],
  );

  return Viewer ? <Viewer url={url} onClose={() => setUrl(null)} /> : null;
}
