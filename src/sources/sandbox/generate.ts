/**
 * Builds the sandbox universe from a seed: the hand-built scenario entities first (their
 * identifiers are then taken), then the generated ones.
 */
import { generateEntity } from './generate-entities.js';
import type { Universe } from './model.js';
import { UniverseBuilder } from './universe-builder.js';
import { Rng } from './prng.js';
import { addScenarioEntity } from './scenario-builder.js';
import { SCENARIO_ENTITIES } from './scenario-entities.js';

/** Generated legal entities, on top of the scenario ones. */
export const GENERATED_ENTITY_COUNT = 21_000;

export function generateUniverse(seed: number, entityCount = GENERATED_ENTITY_COUNT): Universe {
  const builder = new UniverseBuilder();
  for (const spec of Object.values(SCENARIO_ENTITIES)) addScenarioEntity(builder, spec);
  const ctx = { rng: new Rng(seed), builder, u: builder.universe, firstGeneratedPerson: builder.universe.persons.length };
  for (let i = 0; i < entityCount; i++) generateEntity(ctx);
  return builder.universe;
}
