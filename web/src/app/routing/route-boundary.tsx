import { Component, type ReactNode } from "react";
import { useLocation } from "react-router";

type Props = { children: ReactNode; fallback: (error: unknown) => ReactNode; resetKey: string };
type State = { error: unknown; failed: boolean; resetKey: string };

class Boundary extends Component<Props, State> {
  state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Another page: try again (a chunk that failed loads again).
    return props.resetKey === state.resetKey ? null : { error: null, failed: false, resetKey: props.resetKey };
  }

  render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * A route's error screen: what fails while it or a route inside it renders (a chunk that did not
 * load included) shows `fallback` in its place, until the user goes to another page.
 */
export function RouteBoundary({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback: (error: unknown) => ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} fallback={fallback}>
      {children}
    </Boundary>
  );
}
