/**
 * The time a call is answered at. Live keys: now. Sandbox keys: now plus the account's sandbox
 * clock offset, which an operator sets (POST /admin/v1/accounts/{id}/sandbox-clock) to show
 * time-dependent sandbox answers (the drifting scenarios, filing due dates) without waiting.
 */
export function answerTime(now: Date, clockOffsetMs: number): Date {
  return clockOffsetMs === 0 ? now : new Date(now.getTime() + clockOffsetMs);
}
