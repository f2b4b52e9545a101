// Hash routes: the page never reloads, and nothing secret is ever in the address.

const ROUTES = [
  [/^\/?$/, 'home'],
  [/^\/signin$/, 'signin'],
  [/^\/wallet$/, 'wallet'],
  [/^\/jobs$/, 'jobs'],
  [/^\/jobs\/(job_[0-9a-f]{20})$/, 'job', ['jobId']],
  [/^\/portfolios$/, 'portfolios'],
  [/^\/portfolios\/(pf_[0-9a-f]{20})$/, 'portfolio', ['portfolioId']],
  [/^\/portfolios\/(pf_[0-9a-f]{20})\/runs\/(job_[0-9a-f]{20})$/, 'changes', ['portfolioId', 'runId']],
  [/^\/verify$/, 'verify'],
  [/^\/itc$/, 'itc'],
  [/^\/itc\/(job_[0-9a-f]{20})$/, 'itcjob', ['jobId']],
];

/** "#/jobs/job_…" → {name: "job", params: {jobId}}; an unknown path is {name: "notfound"}. */
export function parseHash(hash) {
  const path = String(hash ?? '').replace(/^#/, '').split('?')[0];
  for (const [pattern, name, keys = []] of ROUTES) {
    const match = pattern.exec(path);
    if (match) return { name, params: Object.fromEntries(keys.map((key, index) => [key, match[index + 1]])), path };
  }
  return { name: 'notfound', params: {}, path };
}

/** The nav section a route belongs to (for aria-current). */
export function sectionOf(name) {
  if (name === 'job') return 'jobs';
  if (name === 'itcjob') return 'itc';
  if (name === 'portfolio' || name === 'changes') return 'portfolios';
  return name;
}
