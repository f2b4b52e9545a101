/**
 * npm run bench — runs every benchmark one after another, each in its own process as its own
 * npm script runs it, and writes test/bench/REPORT.md: the machine, then each benchmark's
 * command and output (its figures next to the baseline measured in the same run, and the
 * ratio), then a summary of the ratios against their targets. Loopback only.
 *
 * BENCH_ONLY (e.g. "sync,b360") runs a subset; BENCH_REPORT sets the output file. The other
 * BENCH_* variables pass through to the benchmarks (see each file's header).
 */
import { execFileSync, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { root } from './child-processes.js';

interface Bench {
  name: string;
  script: string;
  what: string;
  /** Lines of the output that state a ratio or verdict, for the summary. */
  summary: RegExp;
  target: string;
}

const BENCHES: Bench[] = [
  {
    name: 'sync',
    script: 'bench:sync',
    what: 'GST Verify through the whole sync path (auth, rate limit, hold, sandbox source, commit, envelope) vs a bare Fastify JSON route, same run',
    summary: /^(ratio|floor \/ baseline|full path \/ floor).*?:\s*[\d.]+/gm,
    target: 'ratio at least 0.5 (money-and-limits issue)',
  },
  {
    name: 'b360',
    script: 'bench:b360',
    what: 'Business360 full bundle on a live key over the simulator at 300 ms a request vs resolution + slowest module, same run',
    summary: /^\| (gstin|cin|pan) \|.*$/gm,
    target: 'total / (resolution + slowest) close to 1 (modules in parallel)',
  },
  {
    name: 'bulk',
    script: 'bench:bulk',
    what: 'Bulk jobs: (a) 100,000 sandbox rows vs bare BullMQ no-op jobs; (b) simulator-backed rows vs limit / latency; (c) accepting a 1,000,000-row CSV: API RSS and Redis memory',
    summary: /^Ratio \(bulk rows.*?\*\*[\d.]+\*\*|^\| upload → status completed \|.*$|^\| transport ceiling.*$|^The bulk job \(upload → completed\) keeps.*$|^\| (API process RSS|Redis used_memory).*$/gm,
    target: '(b) at least 0.9; (c) API under 300 MB, Redis under 512 MB',
  },
  {
    name: 'sandbox',
    script: 'bench:sandbox',
    what: 'Sandbox registry build vs JSON.parse of the same answers as data, same run',
    summary: /^build\/parse CPU ratio.*$/m,
    target: 'none: below 1 would mean generating beats loading the same answers as data',
  },
];

/** A markdown table row as one line of text a summary cell can hold. */
const cells = (line: string) => line.replace(/^\s*\||\|\s*$/g, '').split('|').map((cell) => cell.trim()).join(' · ');

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const reportFile = process.env.BENCH_REPORT ?? path.join(root, 'test', 'bench', 'REPORT.md');

function run(script: string): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('exit', (code) => resolve({ code, output, seconds: Math.round((performance.now() - started) / 1000) }));
  });
}

function redisVersion(): string {
  try {
    return execFileSync('redis-server', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'redis-server not found';
  }
}

function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim() !== '';
    return `${head}${dirty ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return 'unknown';
  }
}

const cpus = os.cpus();
const header: string[] = [
  '# Benchmark report',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString()}, code at ${commit()}.`,
  'Every figure is next to a baseline measured in the same run on the same machine; compare',
  'ratios, not absolute figures, across runs and machines. Loopback only.',
  '',
  '| machine | |',
  '|---|---|',
  `| CPU | ${cpus.length} × ${cpus[0]?.model ?? 'unknown'} |`,
  `| memory | ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB |`,
  `| OS | ${os.type()} ${os.release()} (${os.arch()}) |`,
  `| Node.js | ${process.version} |`,
  `| Redis | ${redisVersion()} |`,
  `| load average at start | ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')} |`,
  '',
];
const sections: string[] = [];
const summary: string[] = ['## Summary', '', '| benchmark | result | target |', '|---|---|---|'];
let failed = 0;

for (const bench of BENCHES.filter((b) => only === undefined || only.includes(b.name))) {
  console.log(`\n=== npm run ${bench.script}`);
  const result = await run(bench.script);
  sections.push(`## \`npm run ${bench.script}\``, '', bench.what + '.', '', `Exit ${result.code}, ${result.seconds} s.`, '', '```', result.output.trim(), '```', '');
  if (result.code !== 0) failed++;
  const found = result.output.match(bench.summary) ?? [];
  summary.push(`| ${bench.name} | ${result.code === 0 ? found.map(cells).join('<br>') || '(see section)' : `failed (exit ${result.code})`} | ${bench.target} |`);
}

await writeFile(reportFile, [...header, ...summary, '', ...sections].join('\n') + '\n');
console.log(`\nreport written to ${path.relative(process.cwd(), reportFile)}`);
process.exit(failed > 0 ? 1 : 0);
