import { createServer as createHttpServer } from "node:http";
import { type AddressInfo, createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CameraProbeParams } from "../../contracts/cameras/schema.ts";
import { COMMANDS } from "../../contracts/commands/schema.ts";
import { simCameraProbe } from "../sim/simulator.ts";
import { cameraConnectionTest, cameraSnapshot, probeRtsp, rtspStatus, rtspUrl } from "./camera.ts";

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
let httpPort = 0;
let rtspPort = 0;
const heard: string[] = [];

const http = createHttpServer((req, res) => {
  if (req.headers.authorization !== `Basic ${Buffer.from("admin:secret").toString("base64")}`) {
    res.writeHead(401).end();
  } else if (req.url === "/snapshot.jpg") {
    res.writeHead(200, { "Content-Type": "image/jpeg" }).end(JPEG);
  } else {
    res.writeHead(200).end("camera");
  }
});
const rtsp = createServer((socket) => {
  socket.on("data", (chunk) => {
    heard.push(chunk.toString());
    socket.write("RTSP/1.0 200 OK\r\nCSeq: 1\r\nPublic: OPTIONS, DESCRIBE\r\n\r\n");
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  await new Promise<void>((r) => rtsp.listen(0, "127.0.0.1", r));
  httpPort = (http.address() as AddressInfo).port;
  rtspPort = (rtsp.address() as AddressInfo).port;
});
afterAll(() => {
  http.close();
  rtsp.close();
});

const camera = (over: Partial<CameraProbeParams> = {}): CameraProbeParams => ({
  ip_address: "127.0.0.1",
  http_port: httpPort,
  main_rtsp_port: rtspPort,
  main_rtsp_url: "",
  main_stream: "/Streaming/Channels/101",
  username: "admin",
  password: "secret",
  ...over,
});
const options = { allowPower: false, log: () => {} };

describe("camera-connection-test (a runner checks a camera of its location)", () => {
  it("reaches the camera's HTTP and RTSP ports with the given fields", async () => {
    const reply = await cameraConnectionTest(camera(), options);
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    const result = COMMANDS["camera-connection-test"].result.parse(reply.result);
    expect(result.http).toMatchObject({ reachable: true, status: 200 });
    expect(result.rtsp).toMatchObject({ reachable: true, status: 200 });
    expect(heard.at(-1)).toMatch(/^OPTIONS rtsp:\/\/127\.0\.0\.1:\d+\/Streaming\/Channels\/101 RTSP\/1\.0/);
  });

  it("says when the credentials are refused, and when nothing answers", async () => {
    const wrong = await cameraConnectionTest(camera({ password: "nope" }), options);
    expect(wrong.ok && wrong.result.http).toMatchObject({ reachable: true, status: 401 });
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    const down = await probeRtsp(camera({ main_rtsp_port: port }), 1000);
    expect(down).toMatchObject({ reachable: false, status: null });
    expect(down.message).toMatch(/^RTSP not reachable/);
  });

  it("builds the RTSP URL from a whole URL or a path, with credentials only when asked", () => {
    expect(rtspUrl(camera({ ip_address: "10.0.0.9", main_rtsp_port: 554 }))).toBe(
      "rtsp://10.0.0.9:554/Streaming/Channels/101",
    );
    expect(rtspUrl(camera({ main_rtsp_url: "rtsp://10.0.0.9:8554/live" }), true)).toBe(
      "rtsp://admin:secret@10.0.0.9:8554/live",
    );
    expect(rtspStatus("RTSP/1.0 401 Unauthorized\r\n")).toBe(401);
    expect(rtspStatus("HTTP/1.1 200 OK\r\n")).toBeNull();
  });

  it("camera-snapshot fetches a JPEG over HTTP when ffmpeg is not there", async () => {
    const noFfmpeg = { ...options, env: { PATH: "" } };
    const reply = await cameraSnapshot(camera(), noFfmpeg);
    expect(reply.ok && Buffer.from(reply.result.image_base64, "base64")).toEqual(JPEG);
    expect((await cameraSnapshot(camera({ password: "nope" }), noFfmpeg)).ok).toBe(false);
  });

  it("the simulator answers plausibly: a LAN camera answers, another address does not", () => {
    const lan = COMMANDS["camera-connection-test"].result.parse(
      simCameraProbe({ ip_address: "192.168.1.64", http_port: 80, main_rtsp_port: 554, username: "admin" }),
    );
    expect(lan.http.reachable && lan.rtsp.reachable).toBe(true);
    const far = simCameraProbe({ ip_address: "203.0.113.5", http_port: 80, main_rtsp_port: 554, username: "admin" });
    expect(far.http.reachable || far.rtsp.reachable).toBe(false);
  });
});
