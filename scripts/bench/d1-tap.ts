/**
 * A wrapper module run in front of the frozen bundle (startFrozenServer's `entry`) that counts the
 * D1 statements the Worker and its rooms send, by statement (its first 100 characters), with the
 * rows D1 reports read and written. GET /__d1 answers the counts; POST /__d1 answers them and starts again from zero. Nothing
 * in the app changes: the binding's session transport is tapped, as scripts/measure-device-hour.ts
 * does (one local workerd runs the Worker and every room in one isolate, so one counter sees all).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const WRAPPER = String.raw`
const __d1 = { statements: {}, tapped: false };
const __key = (sql) => String(sql ?? "?").replace(/\s+/g, " ").trim().slice(0, 100);
function __tapD1(db) {
  if (__d1.tapped || !db || typeof db.withSession !== "function") return;
  const proto = Object.getPrototypeOf(db.withSession());
  const add = (sqls, out) => {
    (Array.isArray(out) ? out : [out]).forEach((r, i) => {
      const e = (__d1.statements[__key(sqls[i] ?? sqls[0])] ??= { n: 0, read: 0, written: 0 });
      e.n++;
      e.read += r?.meta?.rows_read ?? 0;
      e.written += r?.meta?.rows_written ?? 0;
    });
  };
  const send = proto._send;
  if (typeof send === "function")
    proto._send = async function (endpoint, query, ...rest) {
      const out = await send.call(this, endpoint, query, ...rest);
      add(Array.isArray(query) ? query : [query], out);
      return out;
    };
  const query = proto._queryOrThrow;
  if (typeof query === "function")
    proto._queryOrThrow = async function (request, ...rest) {
      const out = await query.call(this, request, ...rest);
      add((request?.queries ?? []).map((q) => q.sql), out);
      return out;
    };
  __d1.tapped = typeof send === "function" || typeof query === "function";
}
const __tapped = (Base) =>
  class extends Base {
    constructor(ctx, env) {
      __tapD1(env.DB);
      super(ctx, env);
    }
  };
const __tDevice = __tapped(__bundle.DeviceRoom), __tSpace = __tapped(__bundle.SpaceRoom), __tLocation = __tapped(__bundle.LocationRoom);
const __tDefault = {
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname === "/__d1") {
      const counts = Response.json(__d1);
      if (request.method === "POST") __d1.statements = {};
      return counts;
    }
    __tapD1(env.DB);
    return __bundle.default.fetch(request, env, ctx);
  },
};
export { __tDevice as DeviceRoom, __tSpace as SpaceRoom, __tLocation as LocationRoom, __tDefault as default };
`;

/** The bundle with its final `export { … }` turned into `const __bundle = { … }`, then the wrapper. */
export function d1CountingEntry(bundle: string): string {
  const src = readFileSync(join(bundle, "index.js"), "utf8");
  const at = src.lastIndexOf("\nexport {");
  const end = src.indexOf("};", at);
  if (at < 0 || end < 0) throw new Error("the bundle's export list was not found");
  const entries = src
    .slice(at + "\nexport {".length, end)
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)
    .map((e) => {
      const [local, exported] = e.split(/\s+as\s+/);
      return `${exported ?? local}: ${local}`;
    });
  const file = join(bundle, "d1-tap-entry.js");
  writeFileSync(file, `${src.slice(0, at)}\nconst __bundle = { ${entries.join(", ")} };\n${WRAPPER}`);
  return file;
}

export type D1Counts = { statements: Record<string, { n: number; read: number; written: number }>; tapped: boolean };

export async function d1Counts(origin: string, reset = false): Promise<D1Counts> {
  const res = await fetch(`${origin}/__d1`, { method: reset ? "POST" : "GET" });
  return (await res.json()) as D1Counts;
}
