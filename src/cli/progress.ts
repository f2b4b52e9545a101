import { rowsToVerify, type JobStatus } from './job.js';
import { duration, type OutStream } from './output.js';

const BAR_WIDTH_MAX = 30;
/** Without a terminal, a line at least this often while nothing moves, so a log shows the wait is alive. */
const QUIET_LINE_MS = 60_000;

function counts(job: JobStatus): string {
  return `ok ${job.rows.ok} · not found ${job.rows.not_found} · failed ${job.rows.failed}`;
}

function percent(job: JobStatus): number {
  const total = rowsToVerify(job);
  return total === 0 ? 100 : Math.min(100, Math.floor((job.rows.done * 100) / total));
}

/**
 * A bulk job's progress on stderr. On a terminal: one bar redrawn in place. Otherwise (a log,
 * a CI job): a line when the status changes and each time another tenth of the rows is done.
 */
export class ProgressReporter {
  private lastStatus: string | undefined;
  private lastTenth = -1;
  private lastLineMs = 0;
  private drawn = false;

  constructor(private readonly stream: OutStream) {}

  get isTty(): boolean {
    return this.stream.isTTY === true;
  }

  update(job: JobStatus): void {
    if (this.isTty) {
      this.stream.write(`\r\x1b[2K${this.barLine(job)}`);
      this.drawn = true;
      return;
    }
    const tenth = Math.floor(percent(job) / 10);
    const now = Date.now();
    if (job.status === this.lastStatus && tenth === this.lastTenth && now - this.lastLineMs < QUIET_LINE_MS) return;
    this.lastStatus = job.status;
    this.lastTenth = tenth;
    this.lastLineMs = now;
    this.stream.write(`${this.plainLine(job)}\n`);
  }

  /** Ends the bar's line so what follows starts on its own. */
  finish(job: JobStatus): void {
    this.update(job);
    if (this.isTty && this.drawn) this.stream.write('\n');
    this.drawn = false;
  }

  /** Clears the bar, for a message that interrupts it. */
  interrupt(): void {
    if (this.isTty && this.drawn) this.stream.write('\n');
    this.drawn = false;
  }

  barLine(job: JobStatus): string {
    const total = rowsToVerify(job);
    const pct = percent(job);
    const eta = job.status === 'running' ? `  ETA ${duration(job.eta_seconds)}` : '';
    const tail = ` ${String(pct).padStart(3)}% ${job.rows.done}/${total}  ${counts(job)}${eta}  ${job.status}`;
    const columns = this.stream.columns !== undefined && this.stream.columns > 0 ? this.stream.columns : 80;
    const width = Math.max(10, Math.min(BAR_WIDTH_MAX, columns - 70));
    const filled = Math.round((pct / 100) * width);
    return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}]${tail}`.slice(0, Math.max(columns - 1, 20));
  }

  plainLine(job: JobStatus): string {
    const eta = job.status === 'running' ? `, ETA ${duration(job.eta_seconds)}` : '';
    return `${job.job_id} ${job.status}: ${job.rows.done}/${rowsToVerify(job)} (${percent(job)}%), ${counts(job)}${eta}`;
  }
}
