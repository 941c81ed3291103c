import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * Whether the console can reach its server. A request that fails on the network (not one the server
 * answered with an error) or the space room's socket closing makes the console probe /healthz; a
 * failed probe means the server is gone: one banner says so, live counters stop, TanStack Query
 * pauses its queries instead of failing them one by one (onlineManager), and a probe every
 * PROBE_MS finds the server again. Any answer from the server ends it, and paused work resumes.
 */

export const PROBE_MS = 3000;
/** A socket close is not news until it stays closed this long (a room's own restart reconnects at once). */
export const SOCKET_GRACE_MS = 2500;

export type ConnectionState = { lost: boolean; since: number | null };

type Deps = {
  /** Resolves true when the server answered. */
  probe: () => Promise<boolean>;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  now: () => number;
};

/** The monitor's decisions, without I/O of its own (tested with fake timers and probes). */
export function createConnectionMonitor(deps: Deps) {
  let state: ConnectionState = { lost: false, since: null };
  const listeners = new Set<() => void>();
  const backListeners = new Set<() => void>();
  let probing = false;
  let timer: unknown = null;

  const set = (next: ConnectionState) => {
    const wasLost = state.lost;
    state = next;
    for (const listener of listeners) listener();
    if (wasLost && !next.lost) for (const back of [...backListeners]) back();
  };
  const schedule = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = deps.setTimer(() => {
      timer = null;
      void check();
    }, PROBE_MS);
  };
  /** Asks the server; lost until it answers, probing again every PROBE_MS. */
  const check = async (): Promise<boolean> => {
    if (probing) return !state.lost;
    probing = true;
    let up = false;
    try {
      up = await deps.probe();
    } catch {
      up = false;
    } finally {
      probing = false;
    }
    if (up) reached();
    else {
      if (!state.lost) set({ lost: true, since: deps.now() });
      schedule();
    }
    return up;
  };
  /** Something came from the server: whatever was lost is back. */
  const reached = () => {
    if (timer !== null) {
      deps.clearTimer(timer);
      timer = null;
    }
    if (state.lost) set({ lost: false, since: null });
  };
  let socketTimer: unknown = null;
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Runs once each time the server is back after a loss. */
    onBack(listener: () => void) {
      backListeners.add(listener);
      return () => {
        backListeners.delete(listener);
      };
    },
    reached,
    /** A request failed on the network: is the server gone? */
    failed: () => void check(),
    check,
    socketOpen() {
      if (socketTimer !== null) deps.clearTimer(socketTimer);
      socketTimer = null;
      reached();
    },
    socketClosed() {
      if (socketTimer !== null) return;
      socketTimer = deps.setTimer(() => {
        socketTimer = null;
        void check();
      }, SOCKET_GRACE_MS);
    },
  };
}

const probeHealth = async () => {
  const res = await fetch("/healthz", { cache: "no-store" });
  return res.ok;
};

export const connection = createConnectionMonitor({
  probe: probeHealth,
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
});

// Queries wait (paused) while the server is gone and resume when it is back, instead of failing.
connection.subscribe(() => onlineManager.setOnline(!connection.get().lost));

export const isConnectionLost = () => connection.get().lost;

export function useConnection(): ConnectionState {
  return useSyncExternalStore(connection.subscribe, connection.get);
}

/** Resolves when the server is reachable (at once when it is). */
export function whenConnected(): Promise<void> {
  if (!connection.get().lost) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = connection.onBack(() => {
      stop();
      resolve();
    });
  });
}

/** Watches a socket to the server: a close that lasts makes the monitor ask whether the server is gone. */
export function watchSocket(socket: Pick<WebSocket, "addEventListener">) {
  socket.addEventListener("open", () => connection.socketOpen());
  socket.addEventListener("close", () => connection.socketClosed());
}
