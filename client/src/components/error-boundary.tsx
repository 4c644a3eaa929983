import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback: ReactNode;
}

/**
 * Shows `fallback` instead of a blank screen when its children fail to render: most often a
 * page's or dialog's code that could not be downloaded on a weak connection. React keeps a failed
 * lazy import failed, so the way out the fallback offers is a reload.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
