import type { Director, DirectorsRecord } from './records.js';

/** Counts come from the list, so they can never disagree with it. */
export function buildDirectorsRecord(answer: {
  cin: string | null;
  llpin: string | null;
  company_name: string;
  directors: Director[];
}): DirectorsRecord {
  return {
    cin: answer.cin,
    llpin: answer.llpin,
    company_name: answer.company_name,
    count: answer.directors.length,
    current: answer.directors.filter((d) => d.ceased_on === null).length,
    directors: answer.directors,
  };
}
