import "@/lib/i18n/locales/en-device";
import type { DeviceDetail } from "@contracts/devices/detail";
import { installFromQr } from "@contracts/installation/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CameraOffIcon, LoaderCircleIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { callApi } from "@/lib/api/api";
import { type MessageKey, useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { deviceQueries } from "../queries";
import { cameraProblem, parseQrPayload } from "./qr-logic";

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = (new (options: {
  formats: string[];
}) => Detector) & {
  getSupportedFormats?: () => Promise<string[]>;
};
type Reader = (video: HTMLVideoElement) => Promise<string | null>;

/** jsQR (≈ 45 KB gzip) in a chunk of its own, fetched the first time a scan needs it. */
const loadJsQr = () => import("jsqr").then((m) => m.default);

/** jsQR on a canvas copy of the current frame (bundled, so it works offline). */
function jsQrReader(): Reader {
  const jsQR = loadJsQr();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    const decode = await jsQR;
    if (!context || !video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    // Both ways: an agent's code drawn in a dark terminal shows light modules on dark.
    return decode(frame.data, frame.width, frame.height, { inversionAttempts: "attemptBoth" })?.data ?? null;
  };
}

/**
 * The browser's own QR reader when it has one that reads QR codes, else jsQR (offline either
 * way). A native reader that fails at runtime hands over to jsQR for the rest of the scan.
 */
async function makeReader(): Promise<Reader> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const formats = Native ? await Native.getSupportedFormats?.().catch(() => []) : [];
  if (!Native || (formats && !formats.includes("qr_code"))) return jsQrReader();
  let detector: Detector;
  try {
    detector = new Native({ formats: ["qr_code"] });
  } catch {
    return jsQrReader();
  }
  let fallback: Reader | null = null;
  return async (video) => {
    if (fallback) return fallback(video);
    try {
      return (await detector.detect(video))[0]?.rawValue ?? null;
    } catch (error) {
      console.warn("BarcodeDetector failed; reading with jsQR", error);
      fallback = jsQrReader();
      return fallback(video);
    }
  };
}

type ScanState = { kind: "starting" } | { kind: "scanning"; hint?: MessageKey } | { kind: "problem"; text: MessageKey };

/**
 * Scan QR (devices.md §2, §4, §5, §8): the back camera until a QR with an unclaimed device uuid
 * is read, then POST …/installation/ {unclaimed_device_uuid}. The camera stops when it closes.
 */
export function QrScanDialog({
  device,
  open,
  onOpenChange,
}: {
  device: Pick<DeviceDetail, "uuid" | "space_uuid">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>({ kind: "starting" });
  const install = useMutation({
    mutationFn: (unclaimed: string) =>
      callApi(installFromQr, {
        params: { space: device.space_uuid, uuid: device.uuid },
        json: { unclaimed_device_uuid: unclaimed },
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(deviceQueries.detailKey(device.space_uuid, device.uuid), detail);
      void queryClient.invalidateQueries({ queryKey: deviceQueries.all(device.space_uuid) });
      showAlert({ type: "success", message: t("device.qr.success") });
      onOpenChange(false);
    },
    onError: (error) => {
      console.error("QR install failed", error);
      showAlert({ type: "error", message: t("device.qr.failure") });
      onOpenChange(false);
    },
  });
  const { mutate } = install;

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const env = { secure: window.isSecureContext, getUserMedia: Boolean(navigator.mediaDevices?.getUserMedia) };
    setState({ kind: "starting" });
    if (!env.secure || !env.getUserMedia) {
      setState({ kind: "problem", text: cameraProblem(env) });
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false })
      .then(async (media) => {
        stream = media;
        // Closed while the camera was starting: the cleanup already ran, so stop it here.
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = media;
        await video.play().catch(() => {});
        setState({ kind: "scanning" });
        const read = await makeReader();
        const tick = async () => {
          if (stopped) return;
          const text = await read(video).catch(() => null);
          const uuid = text ? parseQrPayload(text) : null;
          if (uuid) {
            stopped = true;
            mutate(uuid);
            return;
          }
          if (text) setState({ kind: "scanning", hint: "device.qr.notOurs" });
          timer = setTimeout(() => void tick(), 150);
        };
        void tick();
      })
      .catch((error: unknown) => {
        console.warn("Camera failed", error);
        if (!stopped) setState({ kind: "problem", text: cameraProblem(env, error) });
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open, mutate]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" data-testid="qr-scan">
        <DialogHeader>
          <DialogTitle>{t("device.qr.title")}</DialogTitle>
          <DialogDescription>{t("device.qr.description")}</DialogDescription>
        </DialogHeader>
        <div className="relative flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg bg-black">
          <video
            ref={videoRef}
            muted
            playsInline
            className="size-full object-cover"
            aria-label={t("device.qr.title")}
          />
          {state.kind === "problem" ? (
            <div
              role="alert"
              className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-muted p-6 text-center text-sm"
            >
              <CameraOffIcon className="size-8 text-muted-foreground" aria-hidden="true" />
              <p>{t(state.text)}</p>
            </div>
          ) : (
            <>
              {/* The viewfinder: the frame stays visible on light images too, the rest is dimmed. */}
              <div className="pointer-events-none absolute inset-[14%] rounded-xl border-2 border-white/90 shadow-[0_0_0_100vmax_rgb(0_0_0/0.35)]" />
              {(state.kind === "starting" || install.isPending) && (
                <p
                  role="status"
                  className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-2 text-sm text-white"
                >
                  <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
                  {t(install.isPending ? "device.qr.installing" : "device.qr.starting")}
                </p>
              )}
              {state.kind === "scanning" && state.hint && !install.isPending && (
                <p
                  role="status"
                  className="absolute inset-x-3 bottom-3 rounded-md bg-black/70 p-2 text-center text-xs text-white"
                >
                  {t(state.hint)}
                </p>
              )}
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
