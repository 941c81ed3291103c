/*
 * A desktop recording (worker/services/sessions/recorder.ts): pieces framed as [u32 ms since the
 * start][u8 0 = from the device, 1 = to the device][u32 length][bytes], big-endian. Played back
 * by handing noVNC the device's side at its times through a channel shaped like its WebSocket
 * (what it sends back is dropped): the screen is redrawn as it was, frame by frame.
 */

export type RfbPiece = { at: number; fromDevice: boolean; data: Uint8Array };

export function parseRfbRecording(buffer: ArrayBuffer): RfbPiece[] {
  const view = new DataView(buffer);
  const pieces: RfbPiece[] = [];
  let at = 0;
  while (at + 9 <= buffer.byteLength) {
    const ms = view.getUint32(at);
    const dir = view.getUint8(at + 4);
    const length = view.getUint32(at + 5);
    if (at + 9 + length > buffer.byteLength) break; // a last piece still being written
    pieces.push({ at: ms, fromDevice: dir === 0, data: new Uint8Array(buffer, at + 9, length) });
    at += 9 + length;
  }
  return pieces;
}

/** The WebSocket noVNC reads a recording from: opens at once, then the device's bytes at their times. */
export class ReplaySocket {
  binaryType = "arraybuffer";
  protocol = "";
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: ArrayBuffer }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private timers: ReturnType<typeof setTimeout>[] = [];

  constructor(pieces: RfbPiece[], speed = 1) {
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.({ type: "open" });
      for (const piece of pieces) {
        if (!piece.fromDevice) continue;
        this.timers.push(
          setTimeout(() => {
            if (this.readyState === 1) this.onmessage?.({ data: piece.data.slice().buffer });
          }, piece.at / speed),
        );
      }
    });
  }

  /** The viewer's own messages: the device is not there to answer them. */
  send(_data: unknown) {}

  close() {
    if (this.readyState === 3) return;
    for (const timer of this.timers) clearTimeout(timer);
    this.readyState = 3;
    queueMicrotask(() => this.onclose?.({ code: 1000, reason: "", wasClean: true }));
  }
}
