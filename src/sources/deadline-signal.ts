/**
 * An AbortSignal that aborts when `ms` pass or `parent` aborts, and whose timer is cleared
 * once the work it bounds is done. AbortSignal.timeout's timer cannot be cleared: at a bulk
 * job's rate every row left a budget timer and a request timer pending for seconds, and
 * AbortSignal.any tracks its sources through weak references; together they cost more CPU
 * per row than the rest of the row's bookkeeping.
 */
export interface DeadlineSignal {
  signal: AbortSignal;
  /** Clears the timer and the link to the parent; call it when the bounded work ended. */
  dispose(): void;
}

export function deadlineSignal(ms: number, parent?: AbortSignal): DeadlineSignal {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')), ms);
  let unlink = (): void => undefined;
  if (parent !== undefined) {
    if (parent.aborted) controller.abort(parent.reason);
    else {
      const follow = (): void => controller.abort(parent.reason);
      parent.addEventListener('abort', follow, { once: true });
      unlink = () => parent.removeEventListener('abort', follow);
    }
  }
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      unlink();
    },
  };
}
