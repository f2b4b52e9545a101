/** A bulk job as GET /v1/bulk/jobs/{id} shows it (docs/bulk.md). */
export interface JobStatus {
  job_id: string;
  name: string;
  operation: string;
  status: 'queued' | 'running' | 'completed' | 'cancelled' | 'failed';
  /** A cancel is being carried out (older servers do not send it). */
  cancelling?: boolean;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  rows: {
    total: number;
    valid: number;
    invalid: number;
    duplicates: number;
    done: number;
    ok: number;
    not_found: number;
    failed: number;
    /** Rows a cancel stopped (absent from servers before it was reported). */
    cancelled?: number;
  };
  reserved_inr: number;
  charged_inr: number;
  released_inr: number;
  eta_seconds: number | null;
  /** `xlsx` is absent from servers before results.xlsx; `suppliers_*` only for itc.check jobs. */
  results: { csv: string; jsonl: string; xlsx?: string; suppliers_csv?: string; suppliers_xlsx?: string } | null;
  /** What the intake read differently (a Windows-1252 file, a guessed column); absent from older servers. */
  warnings?: { code: string; message: string }[];
  /** Rows by outcome and by the operation's key field, once the results are written (null before). */
  breakdown?: ({ outcome: Record<string, number> } & Record<string, Record<string, number>>) | null;
  retry_of?: string | null;
  retried_by?: string | null;
}

/** Rows the workers verify: duplicates ride on their first row and invalid rows never run. */
export const rowsToVerify = (job: JobStatus): number => Math.max(0, job.rows.valid - job.rows.duplicates);

/** The job has ended: a failed job may have no finish time; a cancelled one ends once finalised. */
export const hasEnded = (job: JobStatus): boolean => job.finished_at !== null || job.status === 'failed';

/**
 * Whether a finished job is a full answer. Not when it was cancelled or failed, nor when rows
 * ended `failed` (their source stayed down through every retry): those rows were never verified.
 * `not_found` and `invalid` rows are answers, not failures.
 */
export const endedCleanly = (job: JobStatus): boolean => job.status === 'completed' && job.rows.failed === 0;
