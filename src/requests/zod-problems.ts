import type { z } from 'zod';
import { validationError, type AppError, type FieldProblem } from '../errors.js';

/**
 * Zod issues as the contract's field problems: one per problem, naming the field and the rule.
 * A value that breaks two checks sharing one message (too large and not an integer, say) is
 * named once.
 */
export function toFieldProblems(issues: readonly z.core.$ZodIssue[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  const add = (problem: FieldProblem) => {
    const id = `${problem.field}\u0000${problem.message}`;
    if (seen.has(id)) return;
    seen.add(id);
    problems.push(problem);
  };
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        add({ field: [...issue.path, key].join('.'), message: 'is not allowed (additional properties are rejected)' });
      }
      continue;
    }
    add({ field, message: issue.message });
  }
  return problems;
}

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationFailure(parsed.error);
  return parsed.data;
}

export function validationFailure(error: z.ZodError): AppError {
  return validationError(toFieldProblems(error.issues));
}
