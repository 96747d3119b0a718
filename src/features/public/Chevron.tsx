/** The arrow of the carousel and viewer buttons. */
export function Chevron({ direction, className = 'h-5 w-5' }: { direction: 'left' | 'right'; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <path d={direction === 'left' ? 'm15 5-7 7 7 7' : 'm9 5 7 7-7 7'} />
    </svg>
  );
}
