/*
 * A view-only remote desktop, enforced in the room: the operator's bytes to the device are an RFB
 * client stream, and a role without the control right may send only what watching needs — the
 * handshake (version, security choice, VNC authentication's response, ClientInit) and then
 * SetPixelFormat, SetEncodings and FramebufferUpdateRequest. KeyEvent, PointerEvent and
 * ClientCutText are dropped; anything this reader cannot measure (another security type, an
 * extension message) ends the session, since its length is unknown and so is what follows it.
 *
 * The reader keeps the stream's position across frames (a message may span data frames).
 */

const VERSION_BYTES = 12;
const SECURITY_NONE = 1;
const SECURITY_VNC = 2;

type Phase = "version" | "security" | "auth" | "init" | "messages";

export type RfbVerdict = { pass: Uint8Array; refuse?: undefined } | { pass?: undefined; refuse: string };

export class ViewOnlyRfbFilter {
  private phase: Phase = "version";
  private held = new Uint8Array(0);
  /** Protocol 3.3: the server picks the security type and the client sends no choice. */
  private v33 = false;

  /** The part of `chunk` that may reach the device, or why the session must end. */
  push(chunk: Uint8Array): RfbVerdict {
    const data = new Uint8Array(this.held.byteLength + chunk.byteLength);
    data.set(this.held, 0);
    data.set(chunk, this.held.byteLength);
    const out: Uint8Array[] = [];
    let at = 0;
    for (;;) {
      const rest = data.byteLength - at;
      if (this.phase === "version") {
        if (rest < VERSION_BYTES) break;
        const version = new TextDecoder().decode(data.subarray(at, at + VERSION_BYTES));
        this.v33 = version === "RFB 003.003\n";
        out.push(data.subarray(at, at + VERSION_BYTES));
        at += VERSION_BYTES;
        // 3.3 with a view-only viewer: the security type is the server's; only None and VNC
        // authentication are measurable, and a 3.3 client sends its 16-byte response or nothing.
        // Without reading the server's side, the reader cannot tell which: refused.
        if (this.v33) return { refuse: "view-only: RFB 3.3 is not supported" };
        this.phase = "security";
        continue;
      }
      if (this.phase === "security") {
        if (rest < 1) break;
        const type = data[at];
        out.push(data.subarray(at, at + 1));
        at += 1;
        if (type === SECURITY_VNC) this.phase = "auth";
        else if (type === SECURITY_NONE) this.phase = "init";
        else return { refuse: `view-only: security type ${type}` };
        continue;
      }
      if (this.phase === "auth") {
        if (rest < 16) break;
        out.push(data.subarray(at, at + 16));
        at += 16;
        this.phase = "init";
        continue;
      }
      if (this.phase === "init") {
        if (rest < 1) break;
        out.push(data.subarray(at, at + 1));
        at += 1;
        this.phase = "messages";
        continue;
      }
      if (rest < 1) break;
      const type = data[at];
      let length: number | null;
      let keep = false;
      switch (type) {
        case 0: // SetPixelFormat
          length = 20;
          keep = true;
          break;
        case 2: // SetEncodings: u8 type, u8 pad, u16 count, s32 × count
          length = rest >= 4 ? 4 + 4 * ((data[at + 2] << 8) | data[at + 3]) : null;
          keep = true;
          break;
        case 3: // FramebufferUpdateRequest
          length = 10;
          keep = true;
          break;
        case 4: // KeyEvent
          length = 8;
          break;
        case 5: // PointerEvent
          length = 6;
          break;
        case 6: // ClientCutText: u8 type, 3 pad, u32 length, text
          length =
            rest >= 8
              ? (8 + ((data[at + 4] << 24) | (data[at + 5] << 16) | (data[at + 6] << 8) | data[at + 7])) >>> 0
              : null;
          break;
        default:
          return { refuse: `view-only: RFB message ${type}` };
      }
      if (length === null || rest < length) break;
      if (keep) out.push(data.subarray(at, at + length));
      at += length;
    }
    this.held = data.slice(at);
    const size = out.reduce((n, b) => n + b.byteLength, 0);
    const pass = new Uint8Array(size);
    let p = 0;
    for (const piece of out) {
      pass.set(piece, p);
      p += piece.byteLength;
    }
    return { pass };
  }
}
