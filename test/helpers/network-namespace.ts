import { execFileSync } from 'node:child_process';

/**
 * A network namespace of a test's own, joined to this host by a veth pair (sentinel-cluster.ts
 * runs a Redis in one and cuts its link: a real partition). Needs root and iproute2.
 */

/** Whether this machine lets a test make network namespaces (root, iproute2). */
export function canPartition(): boolean {
  if (process.getuid?.() !== 0) return false;
  const name = `bvcheck${process.pid}`;
  try {
    execFileSync('ip', ['netns', 'add', name], { stdio: 'ignore' });
    execFileSync('ip', ['netns', 'del', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

export interface Namespace {
  name: string;
  hostVeth: string;
  innerVeth: string;
  hostAddress: string;
  innerAddress: string;
}

export function makeNamespace(): Namespace {
  const id = process.pid % 100_000;
  const subnet = 16 + (process.pid % 200);
  const ns: Namespace = {
    name: `bvha${id}`,
    hostVeth: `bvhh${id}`,
    innerVeth: `bvhn${id}`,
    hostAddress: `10.213.${subnet}.1`,
    innerAddress: `10.213.${subnet}.2`,
  };
  removeNamespace(ns);
  ip('netns', 'add', ns.name);
  ip('link', 'add', ns.hostVeth, 'type', 'veth', 'peer', 'name', ns.innerVeth);
  ip('link', 'set', ns.innerVeth, 'netns', ns.name);
  ip('addr', 'add', `${ns.hostAddress}/30`, 'dev', ns.hostVeth);
  ip('link', 'set', ns.hostVeth, 'up');
  ip('netns', 'exec', ns.name, 'ip', 'addr', 'add', `${ns.innerAddress}/30`, 'dev', ns.innerVeth);
  ip('netns', 'exec', ns.name, 'ip', 'link', 'set', ns.innerVeth, 'up');
  ip('netns', 'exec', ns.name, 'ip', 'link', 'set', 'lo', 'up');
  return ns;
}

export function removeNamespace(ns: Namespace): void {
  try {
    ip('link', 'del', ns.hostVeth);
  } catch {
    // Not there (or gone with its namespace).
  }
  try {
    ip('netns', 'del', ns.name);
  } catch {
    // Not there.
  }
}

/**
 * The namespace's end of the veth down (a partition: packets to and from it are dropped, and
 * every TCP connection to it just stops answering, with no reset) or up again.
 */
export function setNamespaceLink(ns: Namespace, up: boolean): void {
  ip('netns', 'exec', ns.name, 'ip', 'link', 'set', ns.innerVeth, up ? 'up' : 'down');
}
