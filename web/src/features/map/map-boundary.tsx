import { Component, type ReactNode } from "react";

/**
 * Catches a map that could not load (its chunk failed after a deploy, or the map threw) and
 * shows `fallback` in its place instead of taking the page down. Wrap a lazily imported map:
 * `<MapBoundary fallback={…}><Suspense …><FleetMap … /></Suspense></MapBoundary>`.
 */
export class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
