import { execFile } from "node:child_process";
import { connect } from "node:net";
import type { CameraProbe, CameraProbeParams } from "../../contracts/cameras/schema.ts";
import type { Provider } from "./types.ts";

/*
 * IP cameras of the runner's location (devices.md §7 Camera): camera-connection-test checks that
 * the camera's HTTP port and RTSP port answer with the given fields; camera-snapshot fetches one
 * JPEG (ffmpeg from the RTSP stream when it is installed, else the usual HTTP snapshot paths).
 */

const PROBE_TIMEOUT_MS = 5_000;
const SNAPSHOT_MAX_BYTES = 5 * 1024 * 1024;

/** The camera's main RTSP URL: main_rtsp_url when it is a whole URL, else rtsp://ip:port/<url or stream>. */
export function rtspUrl(p: CameraProbeParams, withCredentials = false): string {
  const given = p.main_rtsp_url.trim();
  const url = /^rtsps?:\/\//i.test(given)
    ? new URL(given)
    : new URL(`rtsp://${p.ip_address}:${p.main_rtsp_port}/${(given || p.main_stream).replace(/^\/+/, "")}`);
  if (withCredentials && p.username) {
    url.username = encodeURIComponent(p.username);
    url.password = encodeURIComponent(p.password);
  }
  return url.toString();
}

const basic = (p: CameraProbeParams): Record<string, string> =>
  p.username ? { Authorization: `Basic ${Buffer.from(`${p.username}:${p.password}`).toString("base64")}` } : {};

/** The status code of an RTSP reply's first line ("RTSP/1.0 200 OK"), or null. */
export function rtspStatus(reply: string): number | null {
  const match = /^RTSP\/\d\.\d\s+(\d{3})/.exec(reply);
  return match ? Number(match[1]) : null;
}

const elapsed = (started: number) => Math.round(performance.now() - started);

/** GET http://ip:http_port/ with the credentials: any HTTP answer means reachable (401: the credentials were refused). */
export async function probeHttp(p: CameraProbeParams, ms = PROBE_TIMEOUT_MS): Promise<CameraProbe> {
  const started = performance.now();
  try {
    const res = await fetch(`http://${p.ip_address}:${p.http_port}/`, {
      headers: basic(p),
      redirect: "manual",
      signal: AbortSignal.timeout(ms),
    });
    await res.body?.cancel();
    const message =
      res.status === 401 || res.status === 403
        ? `HTTP ${res.status}: the camera refused the credentials`
        : `HTTP ${res.status}`;
    return { reachable: true, status: res.status, latency_ms: elapsed(started), message };
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "";
    return { reachable: false, status: null, latency_ms: null, message: `HTTP not reachable: ${reason}`.slice(0, 500) };
  }
}

/** RTSP OPTIONS on the main RTSP port: any RTSP answer means reachable. */
export function probeRtsp(p: CameraProbeParams, ms = PROBE_TIMEOUT_MS): Promise<CameraProbe> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host: p.ip_address, port: p.main_rtsp_port });
    let reply = "";
    const done = (probe: CameraProbe) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(probe);
    };
    const fail = (reason: string) =>
      done({
        reachable: false,
        status: null,
        latency_ms: null,
        message: `RTSP not reachable: ${reason}`.slice(0, 500),
      });
    const timer = setTimeout(() => fail(`no answer within ${ms} ms`), ms);
    socket.on("connect", () =>
      socket.write(`OPTIONS ${rtspUrl(p)} RTSP/1.0\r\nCSeq: 1\r\nUser-Agent: outpost-agent\r\n\r\n`),
    );
    socket.on("data", (chunk) => {
      reply += chunk.toString("latin1");
      if (!reply.includes("\r\n")) return;
      const status = rtspStatus(reply);
      if (status === null) return fail("the port does not speak RTSP");
      done({ reachable: true, status, latency_ms: elapsed(started), message: `RTSP ${status}` });
    });
    socket.on("error", (error) => fail(error.message));
    socket.on("close", () => fail("the connection closed"));
  });
}

export const cameraConnectionTest: Provider<"camera-connection-test"> = async (params, options) => {
  const [http, rtsp] = await Promise.all([probeHttp(params), probeRtsp(params)]);
  options.log(`camera-connection-test ${params.ip_address}: http ${http.status ?? "-"}, rtsp ${rtsp.status ?? "-"}`);
  return { ok: true, result: { http, rtsp } };
};

const isJpeg = (bytes: Uint8Array) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8;

/** Common HTTP snapshot paths (Hikvision, Dahua/Amcrest, generic ONVIF-style cameras). */
export const SNAPSHOT_PATHS = [
  "/ISAPI/Streaming/channels/101/picture",
  "/cgi-bin/snapshot.cgi",
  "/snapshot.jpg",
  "/snap.jpg",
];

async function httpSnapshot(p: CameraProbeParams): Promise<{ bytes: Uint8Array; source: string } | null> {
  for (const path of SNAPSHOT_PATHS) {
    const url = `http://${p.ip_address}:${p.http_port}${path}`;
    const res = await fetch(url, { headers: basic(p), signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).catch(
      () => null,
    );
    if (!res?.ok) {
      await res?.body?.cancel();
      continue;
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.length <= SNAPSHOT_MAX_BYTES && isJpeg(bytes)) return { bytes, source: `http ${path}` };
  }
  return null;
}

function ffmpegSnapshot(
  p: CameraProbeParams,
  env: NodeJS.ProcessEnv,
): Promise<{ bytes: Uint8Array; source: string } | null> {
  const args = ["-nostdin", "-loglevel", "error", "-rtsp_transport", "tcp", "-i", rtspUrl(p, true)];
  args.push("-frames:v", "1", "-f", "image2", "-vcodec", "mjpeg", "pipe:1");
  return new Promise((resolve) => {
    execFile(
      "ffmpeg",
      args,
      { env, encoding: "buffer", timeout: 15_000, maxBuffer: SNAPSHOT_MAX_BYTES },
      (error, stdout) => {
        const bytes = new Uint8Array(stdout ?? []);
        resolve(!error && isJpeg(bytes) ? { bytes, source: "rtsp (ffmpeg)" } : null);
      },
    );
  });
}

export const cameraSnapshot: Provider<"camera-snapshot"> = async (params, options) => {
  const shot = (await ffmpegSnapshot(params, options.env ?? process.env)) ?? (await httpSnapshot(params));
  if (!shot) return { ok: false, error: `No snapshot from the camera at ${params.ip_address}.` };
  options.log(`camera-snapshot ${params.ip_address}: ${shot.bytes.length} bytes via ${shot.source}`);
  return { ok: true, result: { image_base64: Buffer.from(shot.bytes).toString("base64"), source: shot.source } };
};
