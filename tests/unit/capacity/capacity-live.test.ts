import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPACITY_REFRESH_MS, capacityFollower } from '../../../src/features/capacity/live';

describe('the capacity panel follows its school live', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reloads once, CAPACITY_REFRESH_MS after the first event of its school, however many come meanwhile', () => {
    const reload = vi.fn();
    const follower = capacityFollower(7, reload);
    follower.moved(7);
    vi.advanceTimersByTime(CAPACITY_REFRESH_MS / 2);
    for (let i = 0; i < 50; i += 1) follower.moved(7);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(CAPACITY_REFRESH_MS / 2);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(CAPACITY_REFRESH_MS * 3);
    expect(reload).toHaveBeenCalledTimes(1);
    follower.moved(7);
    vi.advanceTimersByTime(CAPACITY_REFRESH_MS);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("ignores another school's events (the super admin's console gets every school's); stop cancels a pending reload", () => {
    const reload = vi.fn();
    const follower = capacityFollower(7, reload);
    follower.moved(8);
    vi.advanceTimersByTime(CAPACITY_REFRESH_MS * 2);
    expect(reload).not.toHaveBeenCalled();
    follower.moved(7);
    follower.stop();
    vi.advanceTimersByTime(CAPACITY_REFRESH_MS * 2);
    expect(reload).not.toHaveBeenCalled();
  });

  it("the school admin's panel (no school chosen) takes every event it gets: its own school's", () => {
    const reload = vi.fn();
    const follower = capacityFollower(null, reload);
    follower.moved(3);
    vi.advanceTimersByTime(CAPACITY_REFRESH_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
