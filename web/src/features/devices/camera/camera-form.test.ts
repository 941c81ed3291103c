import { describe, expect, it } from "vitest";
import { translate } from "@/lib/i18n";
import {
  CAMERA_FIELDS,
  cameraFormDefaults,
  cameraFormSchema,
  cameraUpdateBody,
  connectionOutcome,
  connectionTestBody,
  connectionTestRequest,
} from "./camera-form";

const t = (key: Parameters<typeof translate>[1], vars?: Parameters<typeof translate>[2]) => translate("en", key, vars);
const schema = cameraFormSchema(t);
const filled = {
  ip_address: "10.0.0.101",
  http_port: "80",
  main_rtsp_port: "554",
  sub_rtsp_port: "",
  main_rtsp_url: "",
  main_stream: "/stream1",
  sub_stream: "",
  username: "admin",
  password: "secret",
};

const errorsOf = (values: typeof filled) => {
  const result = schema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("camera connection form", () => {
  it("requires the six fields of devices.md §5 with the message Required.", () => {
    const empty = cameraFormDefaults(null);
    expect(errorsOf(empty)).toEqual({
      ip_address: "Required.",
      http_port: "Required.",
      main_rtsp_port: "Required.",
      main_stream: "Required.",
      username: "Required.",
      password: "Required.",
    });
    expect(CAMERA_FIELDS.filter((f) => f.required).map((f) => f.name)).toEqual(Object.keys(errorsOf(empty)));
  });

  it("accepts a complete form and checks ports and length", () => {
    expect(errorsOf(filled)).toEqual({});
    expect(errorsOf({ ...filled, http_port: "70000", sub_rtsp_port: "abc" })).toEqual({
      http_port: "Enter a port from 1 to 65535.",
      sub_rtsp_port: "Enter a port from 1 to 65535.",
    });
    expect(errorsOf({ ...filled, main_stream: "x".repeat(257) })).toEqual({ main_stream: "At most 256 characters." });
  });

  it("starts from the stored settings without the password, and builds the connection-test body", () => {
    const defaults = cameraFormDefaults({
      uuid: "c",
      ip_address: "10.0.0.101",
      http_port: 80,
      main_rtsp_port: 554,
      sub_rtsp_port: null,
      main_rtsp_url: "rtsp://10.0.0.101:554/stream1",
      main_stream: "/stream1",
      sub_stream: "/stream2",
      username: "admin",
    });
    expect(defaults).toMatchObject({ http_port: "80", sub_rtsp_port: "", password: "" });
    expect(connectionTestBody({ ...defaults, password: "pw" })).toEqual({
      http_port: 80,
      main_rtsp_port: 554,
      main_rtsp_url: "rtsp://10.0.0.101:554/stream1",
      username: "admin",
      password: "pw",
    });
  });

  it("Connect saves every field (ports as numbers, an empty password kept) and tests with the form's address", () => {
    expect(cameraUpdateBody(filled)).toEqual({
      ip_address: "10.0.0.101",
      http_port: 80,
      main_rtsp_port: 554,
      sub_rtsp_port: null,
      main_rtsp_url: "",
      main_stream: "/stream1",
      sub_stream: "",
      username: "admin",
      password: "secret",
    });
    expect(cameraUpdateBody({ ...filled, password: "" })).not.toHaveProperty("password");
    expect(connectionTestRequest(filled)).toMatchObject({ ip_address: "10.0.0.101", main_stream: "/stream1" });
  });

  it("reads a connection test: both ports answered, or why not", () => {
    const up = { reachable: true, status: 200, latency_ms: 4, message: "HTTP 200" };
    const down = { reachable: false, status: null, latency_ms: null, message: "RTSP not reachable: timeout" };
    const base = { runner_uuid: "r", tested_at: "2026-01-01T00:00:00.000Z" };
    expect(connectionOutcome({ ...base, ok: true, http: up, rtsp: { ...up, status: 401 } })).toEqual({
      ok: true,
      http: "200",
      rtsp: "401",
    });
    expect(connectionOutcome({ ...base, ok: false, http: up, rtsp: down })).toEqual({
      ok: false,
      reason: "RTSP not reachable: timeout",
    });
  });
});
