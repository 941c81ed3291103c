/*
 * An asciicast v2 recording, played back: the header line (the terminal's size) and the event
 * lines `[seconds, code, data]`; "o" is output written to the terminal, "r" a resize ("COLSxROWS"),
 * "i" the operator's input (shown by the terminal's own echo, so not replayed).
 */

export type CastEvent = { at: number; code: "o" | "r"; data: string };
export type Cast = { width: number; height: number; events: CastEvent[]; duration: number };

export function parseCast(text: string): Cast {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const header = JSON.parse(lines[0] ?? "{}") as { width?: number; height?: number };
  const events: CastEvent[] = [];
  for (const line of lines.slice(1)) {
    try {
      const [at, code, data] = JSON.parse(line) as [number, string, string];
      if ((code === "o" || code === "r") && typeof at === "number" && typeof data === "string") {
        events.push({ at, code, data });
      }
    } catch {
      // A line cut short (the session's last chunk still being written): the rest plays.
    }
  }
  return {
    width: header.width ?? 80,
    height: header.height ?? 24,
    events,
    duration: events.at(-1)?.at ?? 0,
  };
}

export type Clock = {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

const realClock: Clock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Longest pause replayed (s): a session idle for minutes plays on after this. */
export const MAX_IDLE_S = 2;

/**
 * Plays a cast's events at their times (divided by `speed`), idle gaps shortened to MAX_IDLE_S.
 * The clock is injected (tests).
 */
export class CastPlayer {
  private index = 0;
  /** Recording time (s) reached. */
  private at = 0;
  private startedAt = 0;
  private startedFrom = 0;
  private timer: unknown = null;
  playing = false;
  speed = 1;
  private readonly times: number[];

  constructor(
    private readonly cast: Cast,
    private readonly out: {
      write(data: string): void;
      resize(cols: number, rows: number): void;
      reset(): void;
      changed(): void;
    },
    private readonly clock: Clock = realClock,
  ) {
    // Times with idle gaps shortened.
    let shift = 0;
    let previous = 0;
    this.times = cast.events.map((e) => {
      shift += Math.max(0, e.at - previous - MAX_IDLE_S);
      previous = e.at;
      return e.at - shift;
    });
  }

  get duration() {
    return this.times.at(-1) ?? 0;
  }

  get position() {
    return this.playing
      ? Math.min(this.duration, this.startedFrom + ((this.clock.now() - this.startedAt) / 1000) * this.speed)
      : this.at;
  }

  get done() {
    return this.index >= this.cast.events.length;
  }

  play() {
    if (this.playing) return;
    if (this.done) this.restart();
    this.playing = true;
    this.startedAt = this.clock.now();
    this.startedFrom = this.at;
    this.out.changed();
    this.step();
  }

  pause() {
    if (!this.playing) return;
    this.at = this.position;
    this.playing = false;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.out.changed();
  }

  setSpeed(speed: number) {
    const playing = this.playing;
    this.pause();
    this.speed = speed;
    if (playing) this.play();
    else this.out.changed();
  }

  restart() {
    this.pause();
    this.index = 0;
    this.at = 0;
    this.out.reset();
    this.out.resize(this.cast.width, this.cast.height);
    this.out.changed();
  }

  private step() {
    this.timer = null;
    if (!this.playing) return;
    const now = this.position;
    while (this.index < this.cast.events.length && this.times[this.index] <= now) {
      const event = this.cast.events[this.index++];
      if (event.code === "o") this.out.write(event.data);
      else {
        const [cols, rows] = event.data.split("x").map(Number);
        if (cols > 0 && rows > 0) this.out.resize(cols, rows);
      }
    }
    if (this.done) {
      this.at = this.duration;
      this.playing = false;
      this.out.changed();
      return;
    }
    const wait = ((this.times[this.index] - now) * 1000) / this.speed;
    this.timer = this.clock.setTimeout(() => this.step(), Math.max(0, wait));
  }
}
