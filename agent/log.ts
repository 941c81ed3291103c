/** How many of the agent's recent log lines it keeps for the console's Logs tab (fetch-logs). */
export const LOG_RING_LINES = 500;

type LogOptions = {
  /** Whether debug mode is on (read at each debug line). */
  debug: () => boolean;
  print?: (line: string) => void;
  now?: () => Date;
  size?: number;
};

/**
 * The agent's log: each line timestamped, printed and kept in a ring of the last
 * LOG_RING_LINES lines, which fetch-logs answers. Debug lines are printed and kept only while
 * debug mode is on (the console's Enable Debug Mode, kept in the agent's state file).
 */
export class AgentLog {
  private readonly ring: string[] = [];
  private next = 0;

  private readonly options: LogOptions;

  constructor(options: LogOptions) {
    this.options = options;
  }

  /** An info line (what the agent always logs). */
  readonly info = (line: string) => this.write("info", line);

  /** A debug line: only while debug mode is on. */
  readonly debug = (line: string) => {
    if (this.options.debug()) this.write("debug", line);
  };

  /** The kept lines, oldest first; at most `limit` of the newest. */
  lines(limit = this.size): string[] {
    const ordered =
      this.ring.length < this.size ? [...this.ring] : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
    return ordered.slice(Math.max(0, ordered.length - limit));
  }

  private get size() {
    return this.options.size ?? LOG_RING_LINES;
  }

  private write(level: "info" | "debug", text: string) {
    const stamp = (this.options.now?.() ?? new Date()).toISOString();
    const line = level === "debug" ? `${stamp} [debug] ${text}` : `${stamp} ${text}`;
    (this.options.print ?? console.log)(line);
    if (this.ring.length < this.size) this.ring.push(line);
    else this.ring[this.next] = line;
    this.next = (this.next + 1) % this.size;
  }
}
