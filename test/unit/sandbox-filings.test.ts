import { describe, expect, it } from 'vitest';
import { addMonths, istDate } from '../../src/domain/dates.js';
import { buildReturnsRecord, dueDates, type ReturnFilingEntry } from '../../src/domain/gst-returns.js';
import { dayNumber, isoFromDay, monthIndex } from '../../src/sources/sandbox/calendar.js';
import { FILING_HISTORY_PERIODS, dueDay } from '../../src/sources/sandbox/filings.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { NOWS, olderThan18Months } from './sandbox-support.js';

const registry = loadSandboxRegistry();
const gstins = registry.identifiers('gstin');
const sample = gstins.filter((_, i) => i % 5 === 0);
const [EARLIER, LATER] = [NOWS[0].now, NOWS[1].now];

const key = (f: ReturnFilingEntry): string => `${f.period}|${f.returnType}`;

describe('sandbox calendar arithmetic', () => {
  it('agrees with the JavaScript calendar from 1900 to 2100', () => {
    const wrong: string[] = [];
    for (let ms = Date.UTC(1900, 0, 1); ms < Date.UTC(2100, 0, 1); ms += 86_400_000 * 3) {
      const iso = new Date(ms).toISOString().slice(0, 10);
      if (isoFromDay(dayNumber(iso)) !== iso || dayNumber(iso) !== ms / 86_400_000) wrong.push(iso);
    }
    expect(wrong).toEqual([]);
  });

  it('puts due dates where the domain rules put them', () => {
    for (let index = monthIndex('2017-07'); index < monthIndex('2030-12'); index++) {
      const period = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
      for (const frequency of ['monthly', 'quarterly'] as const) {
        const due = dueDates(period, frequency);
        expect(isoFromDay(dueDay(index, frequency, false))).toBe(due.gstr1);
        expect(isoFromDay(dueDay(index, frequency, true))).toBe(due.gstr3b);
      }
    }
  });
});

describe('sandbox GST return filing histories', () => {
  it('never changes a filing once seen: what was filed a year ago is filed on the same day now', () => {
    const changed: string[] = [];
    const earlierToday = istDate(EARLIER);
    for (const gstin of sample) {
      const before = registry.gstReturns(gstin, EARLIER)!.filings;
      const after = registry.gstReturns(gstin, LATER)!.filings;
      const afterByKey = new Map(after.map((f) => [key(f), f.filedOn]));
      const oldestAfter = after.reduce((min, f) => (f.period < min ? f.period : min), '9999-99');
      for (const f of before) {
        if (f.period < oldestAfter) continue; // out of the later answer's 24-period window
        if (afterByKey.get(key(f)) !== f.filedOn) changed.push(`${gstin} ${key(f)}`);
      }
      // A return that shows up only later must have been filed after the earlier clock.
      const beforeKeys = new Set(before.map(key));
      const oldestBefore = before.at(-1)?.period ?? '';
      for (const f of after) {
        if (!beforeKeys.has(key(f)) && f.period >= oldestBefore && f.filedOn <= earlierToday) changed.push(`${gstin} ${key(f)} appeared`);
      }
    }
    expect(changed).toEqual([]);
  });

  it('files nothing after now, before registration, or for periods after cancellation', () => {
    const wrong: string[] = [];
    for (const { now } of NOWS) {
      const today = istDate(now);
      for (const gstin of sample) {
        const answer = registry.gstReturns(gstin, now)!;
        const quarterly = answer.frequency === 'quarterly';
        for (const f of answer.filings) {
          if (f.filedOn > today) wrong.push(`${gstin} ${key(f)} filed in the future`);
          if (f.period < (answer.registrationDate ?? '').slice(0, 7) && !quarterly) wrong.push(`${gstin} ${key(f)} before registration`);
          // A quarterly filer's last period is the quarter the cancellation fell in (its final returns).
          const cancelledMonth = answer.cancellationDate?.slice(0, 7);
          const lastPeriod = cancelledMonth !== undefined && quarterly ? `${cancelledMonth.slice(0, 5)}${String(Math.ceil(Number(cancelledMonth.slice(5)) / 3) * 3).padStart(2, '0')}` : cancelledMonth;
          if (lastPeriod !== undefined && f.period > lastPeriod) wrong.push(`${gstin} ${key(f)} after cancellation`);
          if (quarterly && !['03', '06', '09', '12'].includes(f.period.slice(5))) wrong.push(`${gstin} ${key(f)} not a quarter`);
          if (f.filedOn <= `${f.period}-31`) wrong.push(`${gstin} ${key(f)} filed before the period ended`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('covers at least the last 24 periods, or every period since registration', () => {
    const today = istDate(EARLIER);
    let long = 0;
    let covered = 0;
    for (const gstin of sample) {
      const answer = registry.gstReturns(gstin, EARLIER)!;
      const step = answer.frequency === 'quarterly' ? 3 : 1;
      const windowStart = addMonths(today.slice(0, 7), -(FILING_HISTORY_PERIODS + 1) * step);
      if (answer.cancellationDate != null || (answer.registrationDate ?? '') > `${windowStart}-01`) continue;
      long++;
      const oldest = answer.filings.reduce((min, f) => (f.period < min ? f.period : min), '9999-99');
      if (oldest <= addMonths(windowStart, 3 * step)) covered++;
    }
    expect(long).toBeGreaterThan(1_000);
    expect(covered / long).toBeGreaterThan(0.9);
  });

  it('reaches back to `since` when asked, keeping every filing it reports anyway, and says where it starts', () => {
    const since = addMonths(istDate(EARLIER).slice(0, 7), -48);
    let reached = 0;
    for (const gstin of sample.slice(0, 400)) {
      const usual = registry.gstReturns(gstin, EARLIER)!;
      const longer = registry.gstReturns(gstin, EARLIER, since)!;
      expect(new Set(longer.filings.map(key))).toEqual(new Set([...longer.filings.map(key), ...usual.filings.map(key)]));
      expect(longer.filings.every((f) => f.period >= longer.coversFrom!)).toBe(true);
      const registered = (longer.registrationDate ?? '').slice(0, 7);
      // From the month asked for (a quarter's first month), or from the registration if later.
      expect(longer.coversFrom! <= (registered > since ? registered : since)).toBe(true);
      expect(usual.coversFrom! >= longer.coversFrom!).toBe(true);
      if (longer.filings.some((f) => f.period < usual.coversFrom!)) reached++;
    }
    expect(reached).toBeGreaterThan(100);
  });

  it('files mostly on time: about 65% punctual, a few in arrears', () => {
    const records = sample
      .map((gstin) => ({ gst: registry.gstVerify(gstin, EARLIER)!, answer: registry.gstReturns(gstin, EARLIER)! }))
      .filter(({ gst }) => gst.status === 'Active' && gst.registration_date < '2023-01-01')
      .map(({ answer }) => buildReturnsRecord(answer, 12, EARLIER));
    // Punctual filers (about 65%) are late now and then; two late periods in a year still counts as clean.
    const clean = records.filter((r) => r.summary.not_filed === 0 && r.summary.filed_late <= 2).length / records.length;
    const inArrears = records.filter((r) => r.periods.slice(0, 6).filter((p) => p.gstr3b.status === 'not_filed').length >= 2).length / records.length;
    const monthly = records.filter((r) => r.filing_frequency === 'monthly').length / records.length;
    expect(clean).toBeGreaterThan(0.5);
    expect(clean).toBeLessThan(0.8);
    expect(inArrears).toBeGreaterThan(0.03);
    expect(inArrears).toBeLessThan(0.2);
    expect(monthly).toBeGreaterThan(0.55);
    expect(monthly).toBeLessThan(0.75);
  });
});

describe('sandbox annual filings of companies', () => {
  const refs = [
    ...registry.identifiers('cin').map((cin) => ({ cin })),
    ...registry.identifiers('llpin').map((llpin) => ({ llpin })),
  ];

  it('never dates an AGM or balance sheet after now or before incorporation', () => {
    const wrong: string[] = [];
    for (const { now } of NOWS) {
      const today = istDate(now);
      for (const ref of refs) {
        const c = registry.company(ref, now)!;
        for (const date of [c.last_agm_date, c.last_balance_sheet_date]) {
          if (date !== null && (date > today || date < c.date_of_incorporation)) wrong.push(`${c.cin ?? c.llpin} ${date}`);
        }
        if (c.last_balance_sheet_date !== null && !c.last_balance_sheet_date.endsWith('-03-31')) wrong.push(`${c.cin} balance sheet`);
        if (c.last_agm_date !== null && c.last_agm_date.slice(0, 4) !== c.last_balance_sheet_date?.slice(0, 4)) wrong.push(`${c.cin} AGM year`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps most active companies up to date as time passes, and struck-off ones stale', () => {
    for (const { now } of NOWS) {
      const today = istDate(now);
      const active = refs.map((ref) => registry.company(ref, now)!).filter((c) => c.status === 'Active' && c.entity_type === 'company');
      const current = active.filter((c) => c.last_balance_sheet_date !== null && !olderThan18Months(c.last_balance_sheet_date, today));
      expect(current.length / active.length).toBeGreaterThan(0.8);
      expect(current.length / active.length).toBeLessThan(0.97);
      const struckOff = refs.map((ref) => registry.company(ref, now)!).filter((c) => c.status === 'Strike Off');
      expect(struckOff.filter((c) => c.last_balance_sheet_date !== null && !olderThan18Months(c.last_balance_sheet_date, today))).toEqual([]);
      expect(struckOff.some((c) => c.last_agm_date === null)).toBe(true);
    }
  });
});
