// The simulated device's filesystem: a tree in memory, its paths, lookups, writes within limits, and globs.

/**
 * The simulated terminal's filesystem: a tree in memory, built from the simulated device's
 * identity, that stands in for a kiosk's Linux. Nothing here reads or writes the host: this file
 * imports no Node module, so a path typed in the terminal can only ever name a node of this tree.
 */

/** Who and what the simulated device is (from its inventory: the console shows the same values). */
export type SimIdentity = {
  uuid: string;
  /** The device's name in the console. */
  name: string;
  hostname: string;
  /** [name, version, architecture], e.g. ["Debian GNU/Linux", "12", "x64"]. */
  os: [string, string, string];
  cpu: string;
  threads: number;
  ramBytes: number;
  diskBytes: number;
  mac: string;
  ip: string;
  /** When the simulated device booted (ms since the epoch). */
  bootedAt: number;
};

export type SimFile = {
  kind: "file";
  /** Fixed text, or text made when read (/proc, logs with the current time). */
  content: string | (() => string);
  mode: string;
  owner: string;
  /** Only its owner (root) may read it: the simulated user gets "Permission denied". */
  private?: boolean;
  mtime: number;
};
export type SimDir = {
  kind: "dir";
  children: Map<string, SimNode>;
  mode: string;
  owner: string;
  /** Only root may list it. */
  private?: boolean;
  /** The simulated user may create and remove files in it (its home, /tmp). */
  writable?: boolean;
  mtime: number;
};
export type SimNode = SimFile | SimDir;

/** The simulated user: an unprivileged kiosk account, never root. */
export const SIM_USER = { name: "kiosk", uid: 1000, gid: 1000, home: "/home/kiosk" } as const;

/** Largest file the simulated user may write (a redirection into the fake filesystem stays small). */
export const SIM_FILE_LIMIT = 256 * 1024;
/** Most files the simulated user may create in one session. */
export const SIM_FILE_COUNT_LIMIT = 200;
/** Most bytes the simulated user's files may hold in one session (the simulator's memory). */
export const SIM_SPACE_LIMIT = 4 * 1024 * 1024;

export const KIB = 1024;

/** Splits a path into its names, resolving `.` and `..` (never above `/`). */
export function normalize(path: string, cwd: string): string {
  const parts: string[] = [];
  for (const name of (path.startsWith("/") ? path : `${cwd}/${path}`).split("/")) {
    if (name === "" || name === ".") continue;
    if (name === "..") parts.pop();
    else parts.push(name);
  }
  return `/${parts.join("/")}`;
}

export const baseName = (path: string) => path.split("/").filter(Boolean).at(-1) ?? "/";
export const dirName = (path: string) => {
  const parts = path.split("/").filter(Boolean);
  parts.pop();
  return `/${parts.join("/")}`;
};

export class SimFs {
  readonly root: SimDir;
  private created = 0;
  private used = 0;
  private readonly now: () => number;

  constructor(root: SimDir, now: () => number) {
    this.root = root;
    this.now = now;
  }

  /** The node at an absolute, normalized path; an error text (as `ls` would say it) otherwise. */
  lookup(path: string): SimNode | "ENOENT" | "EACCES" | "ENOTDIR" {
    let node: SimNode = this.root;
    for (const name of path.split("/").filter(Boolean)) {
      if (node.kind !== "dir") return "ENOTDIR";
      if (node.private) return "EACCES";
      const next = node.children.get(name);
      if (!next) return "ENOENT";
      node = next;
    }
    return node;
  }

  read(file: SimFile): string {
    return typeof file.content === "function" ? file.content() : file.content;
  }

  /** Writes (or appends to) a file of the simulated user in a directory it may write. */
  write(path: string, text: string, append: boolean): string | null {
    const parent = this.lookup(dirName(path));
    if (typeof parent === "string") return errorText(parent);
    if (parent.kind !== "dir") return errorText("ENOTDIR");
    const name = baseName(path);
    const existing = parent.children.get(name);
    if (existing?.kind === "dir") return "Is a directory";
    if (!parent.writable || (existing && existing.owner !== SIM_USER.name)) return errorText("EACCES");
    const before = existing && append ? this.read(existing) : "";
    if (before.length + text.length > SIM_FILE_LIMIT) return "File too large";
    const grows = before.length + text.length - (existing ? this.read(existing).length : 0);
    if (this.used + grows > SIM_SPACE_LIMIT) return "No space left on device";
    if (!existing) {
      if (this.created >= SIM_FILE_COUNT_LIMIT) return "No space left on device";
      this.created++;
    }
    parent.children.set(name, file(before + text, { owner: SIM_USER.name, mtime: this.now() }));
    this.used += grows;
    return null;
  }

  mkdir(path: string): string | null {
    const parent = this.lookup(dirName(path));
    if (typeof parent === "string") return errorText(parent);
    if (parent.kind !== "dir") return errorText("ENOTDIR");
    if (parent.children.has(baseName(path))) return "File exists";
    if (!parent.writable) return errorText("EACCES");
    if (this.created >= SIM_FILE_COUNT_LIMIT) return "No space left on device";
    this.created++;
    parent.children.set(baseName(path), dir({}, { owner: SIM_USER.name, writable: true, mtime: this.now() }));
    return null;
  }

  remove(path: string, recursive: boolean): string | null {
    const parent = this.lookup(dirName(path));
    if (typeof parent === "string") return errorText(parent);
    if (parent.kind !== "dir") return errorText("ENOTDIR");
    const node = parent.children.get(baseName(path));
    if (!node) return errorText("ENOENT");
    if (node.kind === "dir" && !recursive) return "Is a directory";
    if (!parent.writable || node.owner !== SIM_USER.name) return errorText("EACCES");
    parent.children.delete(baseName(path));
    if (node.kind === "file") this.used -= this.read(node).length;
    return null;
  }

  /**
   * Expands a glob word (`*`, `?`, `[…]` in any part) against the tree: the matching paths,
   * sorted, in the form they were typed (relative stays relative). Empty when nothing matches.
   */
  glob(pattern: string, cwd: string): string[] {
    const absolute = pattern.startsWith("/");
    const parts = pattern.split("/").filter(Boolean);
    let found: { shown: string; path: string }[] = [{ shown: absolute ? "/" : "", path: absolute ? "/" : cwd }];
    for (const part of parts) {
      const next: typeof found = [];
      for (const { shown, path } of found) {
        const join = (name: string) => ({
          shown: shown === "" ? name : shown.endsWith("/") ? `${shown}${name}` : `${shown}/${name}`,
          path: normalize(name, path),
        });
        if (!/[*?[]/.test(part)) {
          const entry = join(part);
          if (typeof this.lookup(entry.path) !== "string") next.push(entry);
          continue;
        }
        const node = this.lookup(path);
        if (typeof node === "string" || node.kind !== "dir" || node.private) continue;
        const re = globRegExp(part);
        for (const name of [...node.children.keys()].sort()) {
          if (name.startsWith(".") && !part.startsWith(".")) continue;
          if (re.test(name)) next.push(join(name));
        }
      }
      found = next;
      if (found.length > 10_000) break;
    }
    return found.map((f) => f.shown).filter((s) => s !== "");
  }
}

/** A glob part as a regular expression (anchored; `[…]` kept, everything else literal). */
export function globRegExp(part: string): RegExp {
  let source = "";
  for (let i = 0; i < part.length; i++) {
    const c = part[i];
    if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "[") {
      const end = part.indexOf("]", i + 2);
      if (end < 0) source += "\\[";
      else {
        const body = part
          .slice(i + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        source += `[${body}]`;
        i = end;
      }
    } else source += c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  try {
    return new RegExp(`^${source}$`);
  } catch {
    return /^$/;
  }
}

export function errorText(code: "ENOENT" | "EACCES" | "ENOTDIR"): string {
  return code === "ENOENT" ? "No such file or directory" : code === "EACCES" ? "Permission denied" : "Not a directory";
}

export type Meta = { owner?: string; mode?: string; private?: boolean; writable?: boolean; mtime?: number };

export function file(content: SimFile["content"], meta: Meta = {}): SimFile {
  return {
    kind: "file",
    content,
    owner: meta.owner ?? "root",
    mode: meta.mode ?? (meta.private ? "-rw-r-----" : "-rw-r--r--"),
    private: meta.private,
    mtime: meta.mtime ?? 0,
  };
}

export function dir(children: Record<string, SimNode>, meta: Meta = {}): SimDir {
  return {
    kind: "dir",
    children: new Map(Object.entries(children)),
    owner: meta.owner ?? "root",
    mode: meta.mode ?? (meta.private ? "drwx------" : meta.writable ? "drwxrwxrwt" : "drwxr-xr-x"),
    private: meta.private,
    writable: meta.writable,
    mtime: meta.mtime ?? 0,
  };
}
