import { describe, expect, it } from 'vitest';
import { ledgerBalanceChangePaise, ledgerEntryGroup, ledgerEntryJob } from '../../src/domain/ledger-lines.js';

const JOB = 'job_0123456789abcdef0123';

describe('ledgerEntryJob', () => {
  it("names the job of its hold and release, a row's charge (with the row) and a failed job's refund", () => {
    expect(ledgerEntryJob(`bulk ${JOB}`)).toEqual({ jobId: JOB, row: undefined });
    expect(ledgerEntryJob(`${JOB} row 17`)).toEqual({ jobId: JOB, row: 17 });
    expect(ledgerEntryJob(`${JOB} refund`)).toEqual({ jobId: JOB, row: undefined });
  });

  it('names no job for a sync call, a top-up or a reference that only looks like one', () => {
    for (const reference of ['req_0123456789abcdef', 'sandbox opening credit', `NEFT ${JOB}`, `${JOB} row`, `${JOB} row 1 again`, `bulk ${JOB}x`, 'bulk job_XYZ']) {
      expect(ledgerEntryJob(reference), reference).toBeUndefined();
    }
  });

  it('agrees with the grouping on which entries are a job’s', () => {
    expect(ledgerEntryGroup({ type: 'commit', reference: `${JOB} row 3` })).toEqual({ kind: 'job-part', jobId: JOB });
    expect(ledgerEntryJob(`${JOB} row 3`)?.jobId).toBe(JOB);
  });
});

describe('ledgerBalanceChangePaise', () => {
  it('adds a top-up, takes a commit, and leaves the balance (held money included) alone for a hold or a release', () => {
    expect(ledgerBalanceChangePaise({ type: 'topup', amountPaise: 100_000 })).toBe(100_000);
    expect(ledgerBalanceChangePaise({ type: 'commit', amountPaise: 75 })).toBe(-75);
    expect(ledgerBalanceChangePaise({ type: 'hold', amountPaise: 7_350 })).toBe(0);
    expect(ledgerBalanceChangePaise({ type: 'release', amountPaise: 1_875 })).toBe(0);
  });
});
