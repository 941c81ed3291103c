/** The part of noVNC's RFB (core/rfb.js, @novnc/novnc 1.7) the remote desktop viewer uses; the package ships no types. */
declare module "@novnc/novnc" {
  export type RfbChannel = {
    binaryType: string;
    protocol: string;
    readyState: number | string;
    send(data: ArrayBuffer | ArrayBufferView): void;
    close(): void;
    onopen: unknown;
    onmessage: unknown;
    onclose: unknown;
    onerror: unknown;
  };
  export type RfbOptions = { shared?: boolean; credentials?: { password?: string; username?: string; target?: string } };
  export default class RFB extends EventTarget {
    constructor(target: HTMLElement, urlOrChannel: string | RfbChannel, options?: RfbOptions);
    scaleViewport: boolean;
    clipViewport: boolean;
    resizeSession: boolean;
    viewOnly: boolean;
    focusOnClick: boolean;
    background: string;
    qualityLevel: number;
    compressionLevel: number;
    disconnect(): void;
    sendCredentials(credentials: { password?: string; username?: string; target?: string }): void;
    sendCtrlAltDel(): void;
    focus(options?: FocusOptions): void;
  }
}
