/**
 * The container image, rehearsed without a Docker engine (none runs on our machines): the
 * Dockerfile's stages are read and the runtime stage's files are rebuilt in a scratch folder,
 * which stands for the image's `/`; its commands then run from there as the image's user, in a
 * PID namespace of their own behind the ENTRYPOINT's init, as `docker run` would start them.
 *
 * What each step does in its place:
 * - COPY from the build context: the files themselves, refused when .dockerignore keeps them out.
 * - the build stage's `npm ci`: the checkout's node_modules (installed by `npm ci` from the same
 *   package-lock.json), linked, not installed twice; its `npm run build` runs for real, on top
 *   of a copy of the checkout's dist/ (as Docker's layer cache would be): the incremental build
 *   compiles only what changed.
 * - the other stages' RUN steps (the production `npm ci`) run for real in their folder.
 * - the runtime stage: `apt-get install tini` is Debian's same package on this machine (checked
 *   present); mkdir/chown/chmod run on the scratch image's paths; COPY --from copies what the
 *   stages made, owned by root as Docker's COPY leaves it.
 * Anything else in the Dockerfile is refused, so that a change there needs one here too.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openPathFor } from './open-path.js';
import { dockerIgnored, execForm, parseCopy, parseDockerfile, parseEnv, parseHealthcheck, readDockerignore, type Stage } from './dockerfile.js';

const run = promisify(execFile);

export interface RehearsedImage {
  /** The scratch folder that stands for the image's `/`. */
  rootfs: string;
  /** The runtime stage's WORKDIR, as the container sees it and in the scratch folder. */
  workdir: string;
  workdirOnDisk: string;
  user: { uid: number; gid: number };
  env: Record<string, string>;
  entrypoint: string[];
  cmd: string[];
  healthcheck: { options: Record<string, string>; command: string[] };
  stages: Stage[];
  /** Where a path inside the container is in the scratch folder. */
  onDisk(containerPath: string): string;
  remove(): Promise<void>;
}

/** Rebuilds the runtime (last) stage of `<context>/Dockerfile` under `os.tmpdir()`. */
export async function rehearseImage(context: string): Promise<RehearsedImage> {
  const stages = parseDockerfile(readFileSync(path.join(context, 'Dockerfile'), 'utf8'));
  const ignore = readDockerignore(path.join(context, '.dockerignore'));
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'bv-image-'));
  // The image's user must reach its files, as in the image: open the way (search only, no listing).
  await openPathFor(scratch);
  const rootfs = path.join(scratch, 'rootfs');
  await mkdir(rootfs, { mode: 0o755 });
  const onDisk = (containerPath: string) => path.join(rootfs, containerPath);

  /** Each stage's WORKDIR in the scratch folder (the runtime stage's inside rootfs). */
  const workdirs = new Map<string, { container: string; disk: string }>();
  const final = stages.at(-1)!;
  let env: Record<string, string> = {};
  let user = { uid: 0, gid: 0 };
  let entrypoint: string[] = [];
  let cmd: string[] = [];
  let healthcheck: RehearsedImage['healthcheck'] | undefined;

  /** Each stage once it is built: BuildKit builds stages that need nothing of each other at once, and so do we. */
  const built = new Map<string, Promise<void>>();
  const buildStage = async (stage: Stage): Promise<void> => {
    const isFinal = stage === final;
    let workdir = { container: '/', disk: isFinal ? rootfs : path.join(scratch, `stage-${stage.name}`) };
    await mkdir(workdir.disk, { recursive: true });
    const target = (dest: string) => (dest.startsWith('/') ? (isFinal ? onDisk(dest) : fail(stage, `COPY to ${dest} outside WORKDIR`)) : path.join(workdir.disk, dest));
    for (const instruction of stage.instructions) {
      const { keyword, args } = instruction;
      if (keyword === 'WORKDIR') {
        workdir = { container: args, disk: isFinal ? onDisk(args) : path.join(scratch, `stage-${stage.name}`) };
        await mkdir(workdir.disk, { recursive: true, mode: 0o755 });
        workdirs.set(stage.name, workdir);
      } else if (keyword === 'COPY') {
        const copy = parseCopy(args);
        if (Object.keys(copy.flags).some((flag) => flag !== 'from')) fail(stage, `COPY ${args}: flags other than --from are not rehearsed`);
        for (const source of copy.sources) {
          let from: string;
          if (copy.from === undefined) {
            const relative = path.posix.normalize(source);
            if (dockerIgnored(ignore, relative)) fail(stage, `COPY ${source}: .dockerignore keeps it out of the build context`);
            from = path.join(context, relative);
            if (!existsSync(from)) fail(stage, `COPY ${source}: not in the build context`);
          } else {
            await (built.get(copy.from) ?? fail(stage, `COPY --from=${copy.from}: no such stage before this one`));
            const origin = workdirs.get(copy.from) ?? fail(stage, `COPY --from=${copy.from}: that stage has no WORKDIR`);
            if (!source.startsWith(`${origin.container}/`)) fail(stage, `COPY --from=${copy.from} ${source}: outside that stage's WORKDIR`);
            from = path.join(origin.disk, source.slice(origin.container.length + 1));
          }
          const to = copy.sources.length > 1 || copy.dest.endsWith('/') ? path.join(target(copy.dest), path.basename(source)) : target(copy.dest);
          await mkdir(path.dirname(to), { recursive: true });
          // -a keeps modes and times (the incremental build relies on the times); we are root, so root owns
          // the copies, as after COPY. A stage's own files are linked, not copied: the stages are ours alone.
          await run('cp', [copy.from === undefined ? '-a' : '-al', '--no-preserve=ownership', from, to]);
        }
      } else if (keyword === 'RUN') {
        if (isFinal) await runtimeRun(stage, args, onDisk);
        else await buildRun(stage, args, workdir.disk, context);
      } else if (!isFinal && keyword !== 'EXPOSE') {
        fail(stage, `${keyword} in a build stage is not rehearsed`);
      } else if (keyword === 'ENV') {
        env = { ...env, ...parseEnv(args) };
      } else if (keyword === 'USER') {
        const [uid, gid] = args.split(':').map(Number);
        if (!Number.isInteger(uid) || !Number.isInteger(gid)) fail(stage, `USER ${args}: give uid:gid as numbers`);
        user = { uid: uid!, gid: gid! };
      } else if (keyword === 'ENTRYPOINT') {
        entrypoint = execForm(args);
      } else if (keyword === 'CMD') {
        cmd = execForm(args);
      } else if (keyword === 'HEALTHCHECK') {
        healthcheck = parseHealthcheck(args);
      } else if (keyword !== 'EXPOSE') {
        fail(stage, `${keyword} is not rehearsed`);
      }
    }
  };
  for (const stage of stages) built.set(stage.name, buildStage(stage));
  // Every stage settles before the scratch folder is handed over or removed.
  const results = await Promise.allSettled(built.values());
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await rm(scratch, { recursive: true, force: true });
    throw failed.reason;
  }
  const workdir = workdirs.get(final.name) ?? fail(final, 'no WORKDIR');
  return {
    rootfs,
    workdir: workdir.container,
    workdirOnDisk: workdir.disk,
    user,
    env,
    entrypoint,
    cmd,
    healthcheck: healthcheck ?? fail(final, 'no HEALTHCHECK'),
    stages,
    onDisk,
    remove: () => rm(scratch, { recursive: true, force: true }),
  };
}

function fail(stage: Stage, message: string): never {
  throw new Error(`Dockerfile, stage ${stage.name}: ${message}`);
}

/** A RUN of a build stage, in that stage's folder. */
async function buildRun(stage: Stage, command: string, dir: string, context: string): Promise<void> {
  if (/^npm ci(?!.*--omit=dev)/.test(command)) {
    // The checkout's own install from the same lock file stands for it.
    if (readFileSync(path.join(dir, 'package-lock.json'), 'utf8') !== readFileSync(path.join(context, 'package-lock.json'), 'utf8')) {
      fail(stage, 'npm ci: the stage\'s package-lock.json is not the checkout\'s');
    }
    await symlink(path.join(context, 'node_modules'), path.join(dir, 'node_modules'));
    return;
  }
  if (command === 'npm run build' && existsSync(path.join(context, 'dist'))) await seedBuild(path.join(context, 'dist'), dir);
  try {
    await run('sh', ['-c', command], { cwd: dir, env: { ...process.env, npm_config_prefer_offline: 'true' }, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    fail(stage, `RUN ${command} failed:\n${stdout}${stderr}`);
  }
}

/**
 * The checkout's last build as the build stage's cache, as Docker's layer cache would be: only
 * what changed since then compiles. Only the build info and the outputs of sources this stage
 * has are taken; whatever else the checkout's dist/ gathered (an older build's test files, say)
 * would not be in a real build.
 */
async function seedBuild(checkoutDist: string, dir: string): Promise<void> {
  const taken = (await readdir(checkoutDist, { recursive: true })).map(String).filter((relative) => {
    if (!statSync(path.join(checkoutDist, relative)).isFile()) return false;
    if (!relative.includes('/') && relative.endsWith('.tsbuildinfo')) return true;
    const source = relative.replace(/\.js(\.map)?$/, '.ts');
    return source !== relative && existsSync(path.join(dir, source));
  });
  await mkdir(path.join(dir, 'dist'));
  if (taken.length > 0) await run('cp', ['-a', '--no-preserve=ownership', '--parents', ...taken, path.join(dir, 'dist')], { cwd: checkoutDist });
}

/** A RUN of the runtime stage: its steps one by one, on the scratch image's paths. */
async function runtimeRun(stage: Stage, command: string, onDisk: (containerPath: string) => string): Promise<void> {
  for (const step of command.split(/\s*&&\s*/)) {
    const [program, ...args] = step.trim().split(/\s+/);
    if (program === 'apt-get' && args[0] === 'install') {
      // The image's packages are Debian's; this machine's same packages stand for them.
      for (const pkg of args.slice(1).filter((arg) => !arg.startsWith('-'))) {
        const name = pkg.split('=')[0]!;
        if (!existsSync(`/usr/bin/${name}`)) fail(stage, `${name} is not installed here (apt-get install ${name}; .ci/run does)`);
      }
    } else if (program === 'apt-get' || (program === 'rm' && args.at(-1)?.startsWith('/var/lib/apt/lists'))) {
      continue;
    } else if (program === 'mkdir' || program === 'chmod' || program === 'chown') {
      const paths = args.filter((arg) => arg.startsWith('/'));
      for (const containerPath of paths) {
        const disk = onDisk(containerPath);
        if (program === 'mkdir') await mkdir(disk, { recursive: true, mode: 0o755 });
        if (program === 'chmod') await chmod(disk, Number.parseInt(args[0]!, 8));
        if (program === 'chown') {
          const [uid, gid] = args[0]!.split(':').map(Number);
          if (!Number.isInteger(uid) || !Number.isInteger(gid)) fail(stage, `${step}: give uid:gid as numbers`);
          await chown(disk, uid!, gid!);
        }
      }
    } else {
      fail(stage, `RUN step "${step}" is not rehearsed`);
    }
  }
}

export interface ImageProcess {
  child: ChildProcess;
  output(): string;
  /** The host's pid of the container's PID 1 (the init). */
  initPid(): number;
  /** What docker stop does: SIGTERM to PID 1; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited(): Promise<number | null>;
}

/**
 * Starts `command` (the CMD when empty) from the scratch image as `docker run` would: in a PID
 * namespace of its own with the ENTRYPOINT as PID 1, as the image's USER, in its WORKDIR, with
 * its ENV under `env` (container paths already mapped by the caller).
 */
export function startInImage(image: RehearsedImage, command: string[], env: Record<string, string>): ImageProcess {
  const argv = [...image.entrypoint, ...(command.length > 0 ? command : image.cmd)];
  const child = spawn(
    'unshare',
    ['--pid', '--fork', '--kill-child', '--', 'setpriv', `--reuid=${image.user.uid}`, `--regid=${image.user.gid}`, '--clear-groups', '--', ...argv],
    { cwd: image.workdirOnDisk, env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...image.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const initPid = () => {
    const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/);
    if (children.length !== 1 || children[0] === '') throw new Error(`unshare ${child.pid} has children "${children.join(' ')}"`);
    return Number(children[0]);
  };
  return {
    child,
    output: () => out,
    initPid,
    exited: () => exit,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      process.kill(initPid(), signal);
      return exit;
    },
  };
}

/** Runs a command from the scratch image as its user (a health check, say); resolves with its exit code and output. */
export function execInImage(image: RehearsedImage, command: string[], env: Record<string, string>, timeoutMs = 15_000): Promise<{ code: number; output: string }> {
  const [file, ...args] = ['setpriv', `--reuid=${image.user.uid}`, `--regid=${image.user.gid}`, '--clear-groups', '--', ...command];
  return new Promise((resolve) => {
    execFile(
      file!,
      args,
      { cwd: image.workdirOnDisk, env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...image.env, ...env }, timeout: timeoutMs },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

/** The process's uid and its parent, from /proc. */
export function procStatus(pid: number): { uid: number; ppid: number; nspid: number[] } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(status)?.[1] ?? '';
  return { uid: Number(field('Uid').split(/\s+/)[0]), ppid: Number(field('PPid')), nspid: field('NSpid').split(/\s+/).map(Number) };
}

/** The children of a process, from /proc. */
export function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text === '' ? [] : text.split(/\s+/).map(Number);
}
