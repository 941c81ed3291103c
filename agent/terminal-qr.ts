import qrcode from "qrcode-generator";

/** Modules of light margin around the code: the QR standard asks for 4. */
const QUIET = 4;

/** The QR code of `text` as rows of modules (true = dark), quiet zone included. */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  const size = count + 2 * QUIET;
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => {
      const r = row - QUIET;
      const c = col - QUIET;
      return r >= 0 && c >= 0 && r < count && c < count && qr.isDark(r, c);
    }),
  );
}

// Two module rows per text line: upper half, lower half, both, neither.
const HALF = { both: "█", upper: "▀", lower: "▄", none: " " } as const;

/**
 * The QR code of `text` drawn with half blocks, dark modules in ink. With `color`, each line
 * sets black ink on a white ground (ANSI), so the code reads right on dark and light terminals
 * alike; without it (logs, pipes) the ink is the terminal's own foreground.
 */
export function renderTerminalQr(text: string, { color }: { color: boolean }): string {
  const modules = qrModules(text);
  const lines: string[] = [];
  for (let row = 0; row < modules.length; row += 2) {
    const upper = modules[row];
    const lower = modules[row + 1];
    const line = upper
      .map((dark, col) => {
        const below = lower?.[col] ?? false;
        if (dark && below) return HALF.both;
        if (dark) return HALF.upper;
        return below ? HALF.lower : HALF.none;
      })
      .join("");
    lines.push(color ? `\x1b[30;47m${line}\x1b[0m` : line);
  }
  return lines.join("\n");
}

/** Reads the modules back out of a drawn code (ANSI colours ignored): what a camera would see. */
export function parseTerminalQr(drawn: string): boolean[][] {
  const rows: boolean[][] = [];
  for (const raw of drawn.split("\n")) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the ANSI colour codes.
    const line = raw.replace(/\x1b\[[0-9;]*m/g, "");
    if (!line) continue;
    const chars = [...line];
    rows.push(chars.map((ch) => ch === HALF.both || ch === HALF.upper));
    rows.push(chars.map((ch) => ch === HALF.both || ch === HALF.lower));
  }
  return rows;
}
