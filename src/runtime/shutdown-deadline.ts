/**
 * The bound on a graceful stop (BV_SHUTDOWN_TIMEOUT_MS), for the API and every pool process.
 * A drain that overruns is cut: chunks still held run again elsewhere once their locks lapse
 * (each row is billed once whoever runs it), and an upload cut off is retried by its client.
 * Better than being killed by the supervisor with nothing logged and, for the API, its
 * private redis-server left running.
 */
export function armShutdownDeadline(
  timeoutMs: number,
  log: { error(fields: object, message: string): void },
  /** What must still happen before exiting (stopping the private Redis); given 2 s at most. */
  beforeExit: () => Promise<unknown> = async () => undefined,
): void {
  setTimeout(() => {
    log.error({ timeoutMs }, 'shutdown took longer than BV_SHUTDOWN_TIMEOUT_MS: exiting anyway');
    setTimeout(() => process.exit(1), 2_000).unref();
    void beforeExit().finally(() => process.exit(1));
  }, timeoutMs).unref();
}
