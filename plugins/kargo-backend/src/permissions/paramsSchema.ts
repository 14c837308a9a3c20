import type {
  StandardJSONSchemaV1,
  StandardSchemaV1,
} from '@standard-schema/spec';

type StringListParams<K extends string> = Record<K, string[]>;

/**
 * The parameter schema of a rule taking one list of strings, e.g.
 * `{ projects: ['checkout'] }`, as the Standard Schema (validation plus JSON
 * Schema) that permission-node wants. Hand-written: the plugin's zod v3 only
 * fits permission-node's deprecated overload, whose types do not resolve.
 */
export function stringListParams<K extends string>(
  key: K,
  description: string,
): StandardSchemaV1<StringListParams<K>> &
  StandardJSONSchemaV1<StringListParams<K>> {
  const jsonSchema = () => ({
    type: 'object',
    properties: {
      [key]: { type: 'array', items: { type: 'string' }, description },
    },
    required: [key],
    additionalProperties: false,
  });
  return {
    '~standard': {
      version: 1,
      vendor: 'kargo-backstage',
      validate: (value: unknown) => {
        const list = (value as Record<string, unknown> | null)?.[key];
        if (
          typeof value !== 'object' ||
          value === null ||
          !Array.isArray(list) ||
          !list.every(item => typeof item === 'string') ||
          Object.keys(value).some(k => k !== key)
        ) {
          return {
            issues: [{ message: `expected { ${key}: string[] }`, path: [key] }],
          };
        }
        return { value: { [key]: list } as StringListParams<K> };
      },
      jsonSchema: { input: jsonSchema, output: jsonSchema },
    },
  };
}
