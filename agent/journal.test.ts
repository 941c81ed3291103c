import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  FileJournal,
  JOURNAL_MAX_AGE_MS,
  JOURNAL_MAX_ENTRIES,
  JOURNAL_RESULT_MAX_BYTES,
  MemoryJournal,
  slimResult,
} from "./journal.ts";

const dirs: string[] = [];
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), "outpost-journal-"));
  dirs.push(dir);
  return join(dir, "config.json.journal");
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("FileJournal", () => {
  it("keeps started and finished commands across a reopen", () => {
    const path = tempFile();
    const journal = new FileJournal(path, 1000);
    journal.start("a", "instant-reboot", 1000);
    journal.start("b", "screenshot", 1001);
    journal.finish("b", "screenshot", { ok: true, result: { bytes: 3 } }, 1002);
    journal.close();

    const reopened = new FileJournal(path, 2000);
    expect(reopened.get("a")).toEqual({ id: "a", action: "instant-reboot", started_at: 1000 });
    expect(reopened.get("b")).toEqual({
      id: "b",
      action: "screenshot",
      started_at: 1001,
      result: { ok: true, result: { bytes: 3 } },
      finished_at: 1002,
    });
    expect(reopened.get("c")).toBeUndefined();
  });

  it("is written before start returns (a crash right after loses nothing)", () => {
    const path = tempFile();
    new FileJournal(path).start("x", "instant-power-off", 5);
    // No close, no later write: what is on disk is what a reboot finds.
    expect(readFileSync(path, "utf8")).toContain('"id":"x"');
    expect(new FileJournal(path, 6).get("x")?.started_at).toBe(5);
  });

  it("skips a torn last line and rewrites the file so later appends are readable", () => {
    const path = tempFile();
    const journal = new FileJournal(path, 0);
    journal.start("ok", "screenshot", 0);
    appendFileSync(path, '{"id":"torn","action":"scre');
    const reopened = new FileJournal(path, 1);
    expect(reopened.get("ok")).toBeDefined();
    expect(reopened.get("torn")).toBeUndefined();
    reopened.start("next", "screenshot", 2);
    expect(new FileJournal(path, 3).get("next")?.started_at).toBe(2);
  });

  it("forgets entries older than 7 days when reopened", () => {
    const path = tempFile();
    const journal = new FileJournal(path, 0);
    journal.finish("old", "set-debug", { ok: true }, 0);
    journal.finish("new", "set-debug", { ok: true }, JOURNAL_MAX_AGE_MS);
    const reopened = new FileJournal(path, JOURNAL_MAX_AGE_MS + 1);
    expect(reopened.get("old")).toBeUndefined();
    expect(reopened.get("new")).toBeDefined();
    expect(readFileSync(path, "utf8").trim().split("\n")).toHaveLength(1);
  });

  it("rewrites the file when it holds many more lines than live entries", () => {
    const path = tempFile();
    const journal = new FileJournal(path, 0);
    for (let i = 0; i < 600; i++) {
      journal.start(`old${i}`, "set-vision", i);
      journal.finish(`old${i}`, "set-vision", { ok: true }, i);
    }
    expect(readFileSync(path, "utf8").trim().split("\n")).toHaveLength(1200);
    // A week later the old ones are forgotten and the file shrinks to what is live.
    journal.finish("new", "set-vision", { ok: true }, JOURNAL_MAX_AGE_MS + 600);
    expect(readFileSync(path, "utf8").trim().split("\n")).toHaveLength(1);
    expect(new FileJournal(path, JOURNAL_MAX_AGE_MS + 601).get("new")?.result).toEqual({ ok: true });
  });
});

describe("MemoryJournal", () => {
  it(`keeps at most ${JOURNAL_MAX_ENTRIES} ids, the oldest go first`, () => {
    const journal = new MemoryJournal();
    for (let i = 0; i <= JOURNAL_MAX_ENTRIES; i++) journal.start(`id${i}`, "set-enabled", i);
    expect(journal.get("id0")).toBeUndefined();
    expect(journal.get("id1")).toBeDefined();
    expect(journal.get(`id${JOURNAL_MAX_ENTRIES}`)).toBeDefined();
  });
});

describe("slimResult", () => {
  it("drops large fields of a large result (a screenshot's image) and keeps the rest", () => {
    const image = "A".repeat(JOURNAL_RESULT_MAX_BYTES * 2);
    expect(slimResult({ ok: true, result: { image_base64: image, bytes: 42 } })).toEqual({
      ok: true,
      result: { bytes: 42 },
    });
    const small = { ok: true, result: { url: "vnc://10.0.0.1:5900" } };
    expect(slimResult(small)).toBe(small);
  });
});
