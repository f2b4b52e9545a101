/**
 * The served OpenAPI document keeps what many operations share under components (error
 * answers, response headers) and refers to it by `$ref`. Tests that read an operation's answers
 * and headers directly read them through this: each such `$ref` replaced by what it points at.
 * Schema `$ref`s stay: the tests compile schemas together with the document's components.
 */
const SHARED = /^#\/components\/(responses|headers|parameters|requestBodies)\/(.+)$/;

export function inlineSharedParts<T>(document: T): T {
  const components = (document as { components?: Record<string, Record<string, unknown>> }).components ?? {};
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (typeof value !== 'object' || value === null) return value;
    const { $ref, ...rest } = value as Record<string, unknown>;
    const shared = typeof $ref === 'string' ? SHARED.exec($ref) : null;
    if (shared !== null) {
      const target = components[shared[1]!]?.[shared[2]!];
      if (target === undefined) throw new Error(`${$ref as string} points at nothing`);
      // OpenAPI 3.1: a reference's own description overrides its target's.
      return { ...(inline(target) as object), ...rest };
    }
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, inline(v)]));
  };
  return { ...document, paths: inline((document as { paths?: unknown }).paths) } as T;
}
