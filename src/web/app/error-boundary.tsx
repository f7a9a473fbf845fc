// Error boundary: "Something went wrong" with the message, Reload
// Page, Show Debug Info (the stack); the last error is kept in localStorage so
// support can read it after the reload.
import { Component, type ErrorInfo, type ReactNode } from "react";

export const LAST_ERROR_KEY = "lastError";

interface State {
  error: Error | null;
  componentStack: string | null;
  showDebug: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, componentStack: null, showDebug: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const err = error instanceof Error ? error : new Error(String(error));
    this.setState({ componentStack: info.componentStack ?? null });
    try {
      localStorage.setItem(
        LAST_ERROR_KEY,
        JSON.stringify({
          message: err.message,
          stack: err.stack ?? null,
          componentStack: info.componentStack ?? null,
          url: window.location.pathname,
          time: new Date().toISOString(),
        }),
      );
    } catch {
      // storage full or blocked: the error is still shown
    }
  }

  override render() {
    const { error, componentStack, showDebug } = this.state;
    if (!error) return this.props.children;
    return (
      <main id="main-content" className="mx-auto w-full max-w-2xl px-4 py-16">
        <div role="alert" className="rounded-xl border border-red-200 bg-white p-6 shadow-sm">
          <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
          <p className="mt-2 break-words text-slate-700">{error.message || "An unexpected error occurred."}</p>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              onClick={() => window.location.reload()}
              className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-800 px-4 text-sm font-medium text-white hover:bg-brand-900"
            >
              Reload Page
            </button>
            <button
              type="button"
              aria-expanded={showDebug}
              aria-controls="error-debug-info"
              onClick={() => this.setState({ showDebug: !showDebug })}
              className="inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-50"
            >
              {showDebug ? "Hide Debug Info" : "Show Debug Info"}
            </button>
          </div>
          {showDebug && (
            <pre
              id="error-debug-info"
              className="mt-4 max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-md bg-slate-900 p-3 text-xs text-slate-100"
            >
              {[error.stack ?? error.message, componentStack].filter(Boolean).join("\n\nComponent stack:")}
            </pre>
          )}
        </div>
      </main>
    );
  }
}
