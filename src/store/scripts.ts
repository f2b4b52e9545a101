import type { ChainableCommander, Redis } from 'ioredis';

export interface ScriptDefinition {
  /** The command name ioredis defines for it. */
  name: string;
  numberOfKeys: number;
  lua: string;
}

type ScriptTarget = Redis | ChainableCommander;

/**
 * Defines Lua scripts as ioredis commands, which send EVALSHA (not the whole script text on
 * every call) and load the script again by themselves after a Redis restart.
 */
export function defineScripts(redis: Redis, scripts: readonly ScriptDefinition[]): void {
  for (const script of scripts) {
    if (typeof (redis as unknown as Record<string, unknown>)[script.name] === 'function') continue;
    redis.defineCommand(script.name, { numberOfKeys: script.numberOfKeys, lua: script.lua });
  }
}

/** Runs a defined script on a client, or queues it on a pipeline or MULTI. */
export function runScript<T extends ScriptTarget>(
  target: T,
  script: ScriptDefinition,
  ...args: (string | number)[]
): T extends Redis ? Promise<unknown> : T {
  const command = (target as unknown as Record<string, (...a: (string | number)[]) => unknown>)[script.name];
  if (typeof command !== 'function') throw new Error(`script ${script.name} is not defined on this client`);
  return command.apply(target, args) as T extends Redis ? Promise<unknown> : T;
}
