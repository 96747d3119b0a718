/**
 * Gives the event loop back before the caller goes on (incoming requests, timers), ONE caller per loop turn. On
 * SQLite every statement is synchronous and an awaited query resolves at once, so a loop of database work alone
 * never lets the server read a request unless it steps aside. One waiter per turn, not all at once: setImmediate
 * callbacks queued together run back to back in the same turn, so a request would wait for every waiter's work;
 * an immediate queued from one runs in the next turn, after the poll.
 */
const turnWaiters: Array<() => void> = [];
function nextTurn() {
  setImmediate(() => {
    turnWaiters.shift()?.();
    if (turnWaiters.length) nextTurn();
  });
}
export const yieldToLoop = () =>
  new Promise<void>((resolve) => {
    turnWaiters.push(resolve);
    if (turnWaiters.length === 1) nextTurn();
  });

/** Runs `fn` over items with at most `n` at a time, letting the event loop in after each item. */
export async function eachLimited<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      await fn(items[next++]!);
      await yieldToLoop();
    }
  });
  await Promise.all(lanes);
}
