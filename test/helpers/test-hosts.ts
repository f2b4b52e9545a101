import { execFileSync } from 'node:child_process';

/**
 * Several test hosts on one machine: a network namespace per host, each joined by a veth pair
 * to one bridge in this (the test's) namespace, all on one /24. Every host reaches every other
 * one, and the test reaches them all, over a real network stack; cutting a host's link is a
 * real network failure (its connections stop answering, with no reset). Needs root and
 * iproute2 (canPartition() in network-namespace.ts tells).
 */
export interface TestHost {
  name: string;
  /** Its address on the shared network. */
  address: string;
  /** Runs a command on this host: `[...host.exec, command, ...args]`. */
  exec: string[];
  /** Cuts the host off the network (its link down), or joins it again. */
  setLink(up: boolean): void;
}

export interface TestNetwork {
  /** This machine's own address on the network (the test talks to the hosts from it). */
  address: string;
  hosts: Record<string, TestHost>;
  remove(): void;
}

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function quietly(run: () => void): void {
  try {
    run();
  } catch {
    // Not there: nothing to remove.
  }
}

/** Makes one host per name, numbered in the order given. */
export function makeTestNetwork(names: readonly string[]): TestNetwork {
  // Names unique to this test process, within Linux's 15 characters for a link.
  const id = process.pid % 100_000;
  const subnet = `10.214.${id % 250}`;
  const bridge = `bvbr${id}`;
  const namespaceOf = (index: number) => `bvhost${id}x${index}`;
  const outerOf = (index: number) => `bvo${id}x${index}`;
  const innerOf = (index: number) => `bvi${id}x${index}`;

  const remove = (): void => {
    names.forEach((_, index) => {
      quietly(() => ip('link', 'del', outerOf(index)));
      quietly(() => ip('netns', 'del', namespaceOf(index)));
    });
    quietly(() => ip('link', 'del', bridge));
  };
  remove();
  try {
    ip('link', 'add', bridge, 'type', 'bridge');
    ip('addr', 'add', `${subnet}.1/24`, 'dev', bridge);
    ip('link', 'set', bridge, 'up');
    const hosts: Record<string, TestHost> = {};
    names.forEach((name, index) => {
      const ns = namespaceOf(index);
      const inner = innerOf(index);
      const address = `${subnet}.${index + 2}`;
      ip('netns', 'add', ns);
      ip('link', 'add', outerOf(index), 'type', 'veth', 'peer', 'name', inner);
      ip('link', 'set', inner, 'netns', ns);
      ip('link', 'set', outerOf(index), 'master', bridge);
      ip('link', 'set', outerOf(index), 'up');
      ip('netns', 'exec', ns, 'ip', 'addr', 'add', `${address}/24`, 'dev', inner);
      ip('netns', 'exec', ns, 'ip', 'link', 'set', inner, 'up');
      ip('netns', 'exec', ns, 'ip', 'link', 'set', 'lo', 'up');
      hosts[name] = {
        name,
        address,
        exec: ['ip', 'netns', 'exec', ns],
        setLink: (up) => ip('netns', 'exec', ns, 'ip', 'link', 'set', inner, up ? 'up' : 'down'),
      };
    });
    return { address: `${subnet}.1`, hosts, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
