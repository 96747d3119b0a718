import { lazy, Suspense } from 'react';

// The slip dialog (its schema, API and dialog kit) loads when a console screen shows the button, so pages that
// only use the auth feature's session helpers (the student portal, the console's first load) do not carry it.
const Slip = lazy(() => import('./ResetSlipButton').then((m) => ({ default: m.ResetSlipButton })));

export function ResetSlipButton(props: { path: string; accountName: string }) {
  return (
    <Suspense fallback={null}>
      <Slip {...props} />
    </Suspense>
  );
}
