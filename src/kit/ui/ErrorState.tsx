import { Button } from './Button';

/** 'Error: {message}', announced to screen readers; `onRetry` adds a 'Try Again' button. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center text-sm text-red-700">
      <p>Error: {message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try Again
        </Button>
      ) : null}
    </div>
  );
}
