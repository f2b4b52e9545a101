import { describe, expect, it } from 'vitest';
import { identifierColumnsFor } from '../../src/bulk/intake/row-request.js';
import { B360_MODULES, DEFAULT_TZ, EXAMPLES, FORMS, ITC_CHECK, NAMED_SCHEDULES, OPERATIONS, PORTFOLIO_OPERATIONS, namedScheduleText } from '../../src/console/public/js/catalog.js';
import { ITC_CHECK as SERVER_ITC_CHECK } from '../../src/domain/itc/pricing.js';
import { REGISTER_COLUMNS, TAX_PART_COLUMNS } from '../../src/domain/itc/register-row.js';
import { MODULES } from '../../src/domain/business360/profile.js';
import { OPERATIONS as SERVER_OPERATIONS, type OperationName } from '../../src/domain/operations.js';
import { PORTFOLIO_OPERATIONS as SERVER_PORTFOLIO_OPERATIONS } from '../../src/domain/portfolio/operations.js';
import { DEFAULT_TZ as SERVER_DEFAULT_TZ, NAMED_SCHEDULES as SERVER_NAMED_SCHEDULES } from '../../src/domain/portfolio/schedule.js';
import { SANDBOX_SCENARIOS, type ScenarioIdentifiers } from '../../src/sources/sandbox/scenarios.js';

/**
 * The console (plain browser modules, no build) keeps its own copy of a few server facts:
 * prices, paths, CSV columns, schedules, modules and the sandbox examples. These checks fail
 * when the server changes one of them and the console was not changed with it.
 */
describe('the console agrees with the server', () => {
  it('lists the ten operations with the server\'s paths and prices', () => {
    expect(OPERATIONS.map((op) => op.api).sort()).toEqual(Object.keys(SERVER_OPERATIONS).sort());
    for (const op of OPERATIONS) {
      const server = SERVER_OPERATIONS[op.api as OperationName];
      expect({ api: op.api, path: op.path, pricePaise: op.pricePaise }).toEqual({ api: op.api, path: server.path, pricePaise: server.pricePaise });
    }
    expect(new Set(OPERATIONS.map((op) => op.label)).size).toBe(OPERATIONS.length);
  });

  it("knows the ITC check's path, price and invoice cap, and the purchase register's columns", () => {
    expect({ api: ITC_CHECK.api, path: ITC_CHECK.path, pricePaise: ITC_CHECK.pricePaise, maxInvoices: ITC_CHECK.maxInvoices }).toEqual({
      api: SERVER_ITC_CHECK.api, path: SERVER_ITC_CHECK.path, pricePaise: SERVER_ITC_CHECK.pricePaise, maxInvoices: SERVER_ITC_CHECK.maxInvoices,
    });
    expect(identifierColumnsFor('itc.check')).toEqual(['gstin']);
    expect([...ITC_CHECK.columns.slice(1), ...ITC_CHECK.taxColumns, ...ITC_CHECK.optional].sort()).toEqual([...REGISTER_COLUMNS].sort());
    expect(ITC_CHECK.taxColumns.slice(1)).toEqual([...TAX_PART_COLUMNS]);
  });

  it('names the CSV columns a bulk row needs one of as the bulk intake reads them', () => {
    for (const op of OPERATIONS) expect(op.columns, op.api).toEqual(identifierColumnsFor(op.api as OperationName));
  });

  it('offers the checks a portfolio can run, the named schedules at the server\'s times, and its default time zone', () => {
    expect(PORTFOLIO_OPERATIONS.map((op) => op.api)).toEqual([...SERVER_PORTFOLIO_OPERATIONS]);
    expect(NAMED_SCHEDULES).toEqual(SERVER_NAMED_SCHEDULES);
    expect(DEFAULT_TZ).toBe(SERVER_DEFAULT_TZ);
    // The words are read from the cron patterns, so they move with them.
    expect(Object.keys(NAMED_SCHEDULES).map((every) => namedScheduleText(every))).toEqual(['Daily, 06:00 IST', 'Weekly, Mon 06:00 IST', 'Monthly, 1st 06:00 IST']);
    expect(namedScheduleText('hourly')).toBeNull();
  });

  it('offers the Business360 modules the server has, in its order', () => {
    expect(B360_MODULES.map(([name]) => name)).toEqual([...MODULES]);
  });

  it('has a form for every operation', () => {
    expect(Object.keys(FORMS).sort()).toEqual(Object.keys(SERVER_OPERATIONS).sort());
  });

  describe('sandbox examples', () => {
    const scenarios = new Map(SANDBOX_SCENARIOS.map((scenario) => [scenario.name, scenario]));
    const identifierKinds = ['gstin', 'pan', 'cin', 'llpin', 'din', 'name'] as const;
    const cases = Object.entries(EXAMPLES).flatMap(([api, examples]) => examples.map((example) => ({ api, ...example })));

    it('has examples only for known operations', () => {
      for (const api of Object.keys(EXAMPLES)) expect(Object.keys(SERVER_OPERATIONS)).toContain(api);
      expect(cases.length).toBeGreaterThan(0);
    });

    it.each(cases)('$api $label sends the identifiers of the $scenario scenario', ({ api, scenario: name, values }) => {
      const scenario = scenarios.get(name);
      expect(scenario, `no sandbox scenario ${name}`).toBeDefined();
      // The request the form builds from the example's values, as the console sends it.
      const body = FORMS[api]!.body(values);
      // pan.verify's name is a name to match against the record, not an identifier.
      const sent = identifierKinds.filter((kind) => kind in body && !(api === 'pan.verify' && kind === 'name'));
      expect(sent.length, JSON.stringify(body)).toBeGreaterThan(0);
      for (const kind of sent) expect(body[kind], kind).toBe(scenario!.identifiers[kind as keyof ScenarioIdentifiers]);
      // The scenario documents what this check answers (Business360 takes any of its identifiers).
      if (api !== 'business360') expect(scenario!.expect, `${name} does not document ${api}`).toHaveProperty([api]);
    });
  });
});
