import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@kit/ui/Button';
import { ScreenHeading } from '@kit/display/ScreenHeading';

interface Props {
  /** The screen's title, so the page still says where the user is. */
  title: string;
  children: ReactNode;
}

/**
 * Around each console screen: a screen that throws while rendering (or whose code failed to download)
 * shows a recoverable message instead of leaving a blank page; the navigation keeps working.
 */
export class ScreenErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // The browser console is the only place this is recorded; the user sees the message below.
    console.error('Console screen failed', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div>
        <ScreenHeading title={this.props.title} />
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-sm text-red-800">
          <p className="font-semibold">This screen could not be shown.</p>
          <p className="mt-1">Something went wrong while loading it. Your data is safe; try again, or reload the page.</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => this.setState({ error: null })}>
              Try Again
            </Button>
            <Button onClick={() => location.reload()}>Reload page</Button>
          </div>
        </div>
      </div>
    );
  }
}
