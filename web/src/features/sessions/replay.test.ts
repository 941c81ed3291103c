import { describe, expect, it } from "vitest";
import { CastPlayer, type Clock, MAX_IDLE_S, parseCast } from "./replay";

/** A clock the test moves by hand. */
function manualClock() {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  const clock: Clock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      timers = timers.filter((t) => t !== handle);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      timers = timers.filter((t) => t !== next);
      now = next.at;
      next.run();
    }
    now = end;
  };
  return { clock, advance };
}

const CAST = [
  JSON.stringify({ version: 2, width: 100, height: 30, timestamp: 0 }),
  JSON.stringify([0.5, "o", "$ "]),
  JSON.stringify([1.0, "i", "ls\r"]),
  JSON.stringify([1.2, "o", "a b\r\n"]),
  JSON.stringify([60, "r", "120x40"]),
  JSON.stringify([61, "o", "done"]),
  '[62, "o", "cut sh', // a last line still being written
].join("\n");

describe("asciicast replay", () => {
  it("parses the header and the output/resize events; input and a cut line are skipped", () => {
    const cast = parseCast(CAST);
    expect(cast).toMatchObject({ width: 100, height: 30 });
    expect(cast.events.map((e) => e.code)).toEqual(["o", "o", "r", "o"]);
  });

  it("plays at the recorded times, pauses, speeds up, and shortens idle gaps", () => {
    const { clock, advance } = manualClock();
    const written: string[] = [];
    const sizes: string[] = [];
    const player = new CastPlayer(
      parseCast(CAST),
      { write: (d) => written.push(d), resize: (c, r) => sizes.push(`${c}x${r}`), reset: () => {}, changed: () => {} },
      clock,
    );
    player.play();
    advance(400);
    expect(written).toEqual([]);
    advance(200);
    expect(written).toEqual(["$ "]);
    player.pause();
    advance(5000);
    expect(written).toEqual(["$ "]);
    player.setSpeed(2);
    player.play();
    advance(400); // 0.8 s of recording: 1.2 reached
    expect(written).toEqual(["$ ", "a b\r\n"]);
    // The minute of idle plays as MAX_IDLE_S.
    expect(player.duration).toBeCloseTo(1.2 + MAX_IDLE_S + 1, 5);
    advance(((MAX_IDLE_S + 1) * 1000) / 2);
    expect(sizes).toEqual(["120x40"]);
    expect(written.at(-1)).toBe("done");
    expect(player.done).toBe(true);
    expect(player.playing).toBe(false);
  });
});
