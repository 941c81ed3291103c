// Acks and results kept while no socket is open, bounded in frames and bytes (the oldest go first).
import { OUTBOX_MAX_BYTES, OUTBOX_MAX_FRAMES } from "./session-options.ts";

/** Replies waiting for the next hello: a dropped one's command is in the journal, asked again on hello. */
export class Outbox {
  private frames: { frame: string; bytes: number }[] = [];
  private bytes = 0;

  private readonly log: (line: string) => void;

  constructor(log: (line: string) => void) {
    this.log = log;
  }

  get size() {
    return this.frames.length;
  }

  keep(frame: string) {
    this.frames.push({ frame, bytes: frame.length });
    this.bytes += frame.length;
    while (this.frames.length > OUTBOX_MAX_FRAMES || this.bytes > OUTBOX_MAX_BYTES) {
      const dropped = this.frames.shift();
      if (!dropped) break;
      this.bytes -= dropped.bytes;
      // Its command is in the journal: the room asks again on hello and gets the stored answer.
      this.log("outbox full: an unsent reply was dropped");
    }
  }

  /** The kept frames in order, emptying the outbox. */
  drain(): string[] {
    const frames = this.frames;
    this.frames = [];
    this.bytes = 0;
    return frames.map(({ frame }) => frame);
  }
}
