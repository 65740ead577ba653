import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type ReactElement, type ReactNode } from 'react';

import { ScreenLoadFailed, ScreenLoading } from './screen-states';

/**
 * A screen's code that could not be fetched: after a deploy the old chunk
 * names are gone from the server, or the connection dropped. Only this kind
 * of error gets the "reload" offer; an error while a screen renders goes on
 * to react-admin's own error page.
 */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ScreenLoadError';
  }
}

type BoundaryState = { error: unknown };

/** Catches a ScreenLoadError below it and offers to reload the console. */
class ScreenLoadBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (error instanceof ScreenLoadError) console.error('A console screen could not be loaded', error.cause, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Any other error is not ours to show: the layout's error page takes it.
    if (!(error instanceof ScreenLoadError)) throw error;
    return <ScreenLoadFailed />;
  }
}

/**
 * A screen whose code is fetched the first time it is shown, so the sign-in
 * page and the shell do not carry every list and record view. While it
 * loads the content area says so; when it cannot be loaded it offers a
 * reload (React keeps a failed import failed, so only a new page helps).
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactElement {
  const Screen = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (cause: unknown) => {
        throw new ScreenLoadError(cause);
      },
    ),
  );
  function LazyScreen(props: P) {
    return (
      <ScreenLoadBoundary>
        <Suspense fallback={<ScreenLoading />}>
          <Screen {...props} />
        </Suspense>
      </ScreenLoadBoundary>
    );
  }
  return LazyScreen;
}
