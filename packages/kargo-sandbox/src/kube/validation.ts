/**
 * Validates objects against their CRD's openAPIV3Schema the way
 * kube-apiserver does for structural schemas: unknown fields are pruned (and
 * reported as warnings) unless strict field validation was asked for, and
 * every other violation is a 422 Invalid naming the field.
 */
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { KubeError, FieldError, invalid, badRequest } from './errors';
import { ResourceType } from './resources';

type Schema = Record<string, any>;

/** Turns a structural Kubernetes schema into plain JSON Schema for ajv. */
export function toJsonSchema(schema: Schema, root = true): Schema {
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k.startsWith('x-kubernetes-') || k === 'description') continue;
    out[k] = v;
  }
  if (schema['x-kubernetes-int-or-string']) {
    delete out.type;
    out.anyOf = [{ type: 'integer' }, { type: 'string' }];
  }
  if (schema.properties) {
    out.properties = {};
    for (const [name, sub] of Object.entries<Schema>(schema.properties)) {
      // ObjectMeta is checked by the server itself, never pruned.
      out.properties[name] =
        root && name === 'metadata'
          ? { type: 'object' }
          : toJsonSchema(sub, false);
    }
    if (
      !schema['x-kubernetes-preserve-unknown-fields'] &&
      schema.additionalProperties === undefined
    ) {
      out.additionalProperties = false;
    }
  }
  if (
    schema.additionalProperties &&
    typeof schema.additionalProperties === 'object'
  ) {
    out.additionalProperties = toJsonSchema(schema.additionalProperties, false);
  }
  if (schema.items) out.items = toJsonSchema(schema.items, false);
  return out;
}

/** `/spec/requestedFreight/0/origin` -> `spec.requestedFreight[0].origin`. */
export function fieldPath(pointer: string, extra?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map(p => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  let out = '';
  for (const p of parts) {
    if (/^\d+$/.test(p)) out += `[${p}]`;
    else if (/^[A-Za-z0-9_-]+$/.test(p)) out += out ? `.${p}` : p;
    else out += `[${p}]`;
  }
  return out;
}

function fieldError(e: ErrorObject): FieldError | undefined {
  const field = fieldPath(e.instancePath);
  const value = JSON.stringify(e.data);
  switch (e.keyword) {
    case 'required':
      return {
        field: fieldPath(e.instancePath, (e.params as any).missingProperty),
        reason: 'FieldValueRequired',
        message: 'Required value',
      };
    case 'enum':
      return {
        field,
        reason: 'FieldValueNotSupported',
        message: `Unsupported value: ${value}: supported values: ${(
          e.params as any
        ).allowedValues
          .map((v: unknown) => JSON.stringify(v))
          .join(', ')}`,
      };
    case 'type':
      return {
        field,
        reason: 'FieldValueTypeInvalid',
        message: `Invalid value: "${
          Array.isArray(e.data) ? 'array' : typeof e.data
        }": ${field} in body must be of type ${
          (e.params as any).type
        }: ${value}`,
      };
    case 'anyOf':
    case 'additionalProperties':
      return undefined;
    default:
      return {
        field,
        reason: 'FieldValueInvalid',
        message: `Invalid value: ${value}: ${field} in body ${e.message}`,
      };
  }
}

const DNS_SUBDOMAIN =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

function metadataErrors(obj: any): FieldError[] {
  const errors: FieldError[] = [];
  const name = obj?.metadata?.name;
  if (!name) {
    errors.push({
      field: 'metadata.name',
      reason: 'FieldValueRequired',
      message: 'Required value: name or generateName is required',
    });
  } else if (
    typeof name !== 'string' ||
    name.length > 253 ||
    !DNS_SUBDOMAIN.test(name)
  ) {
    errors.push({
      field: 'metadata.name',
      reason: 'FieldValueInvalid',
      message: `Invalid value: ${JSON.stringify(
        name,
      )}: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character`,
    });
  }
  for (const [k, v] of Object.entries<unknown>(obj?.metadata?.labels ?? {})) {
    if (typeof v !== 'string' || v.length > 63 || !LABEL_VALUE.test(v)) {
      errors.push({
        field: `metadata.labels`,
        reason: 'FieldValueInvalid',
        message: `Invalid value: ${JSON.stringify(
          v,
        )}: a valid label value (key ${k}) must be 63 characters or less, and consist of alphanumeric characters, '-', '_' or '.'`,
      });
    }
  }
  return errors;
}

/** How unknown fields are handled, as kube-apiserver's `fieldValidation`. */
export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

function makeAjv(removeAdditional: boolean) {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    verbose: true,
    removeAdditional,
    unicodeRegExp: false,
  });
  ajv.addFormat(
    'date-time',
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i,
  );
  ajv.addFormat('int32', { type: 'number', validate: () => true });
  ajv.addFormat('int64', { type: 'number', validate: () => true });
  return ajv;
}

let ajvs: { check: Ajv; prune: Ajv } | undefined;
// Compiling the Stage schema is slow; share the result across sandboxes.
const compiled = new WeakMap<
  object,
  { check: ValidateFunction; prune: ValidateFunction }
>();

function validatorsFor(schema: Schema) {
  let v = compiled.get(schema);
  if (!v) {
    ajvs ??= { check: makeAjv(false), prune: makeAjv(true) };
    const js = toJsonSchema(schema);
    v = {
      check: ajvs.check.compile(js),
      prune: ajvs.prune.compile(structuredClone(js)),
    };
    compiled.set(schema, v);
  }
  return v;
}

/** @public */
export class SchemaValidator {
  /**
   * Validates (and, unless Strict, prunes unknown fields of) `obj` in place.
   * Returns warnings about pruned fields; throws a KubeError when invalid.
   */
  validate(
    rt: ResourceType,
    obj: any,
    mode: FieldValidation = 'Warn',
  ): string[] {
    const name = obj?.metadata?.name ?? '';
    const errors = metadataErrors(obj);
    const warnings: string[] = [];
    if (rt.schema) {
      const { check, prune } = validatorsFor(rt.schema);
      check(obj);
      const unknown = (check.errors ?? [])
        .filter(e => e.keyword === 'additionalProperties')
        .map(e =>
          fieldPath(e.instancePath, (e.params as any).additionalProperty),
        );
      if (unknown.length && mode === 'Strict') {
        throw badRequest(
          `${rt.kind} in version "${rt.version}" cannot be handled as a ${
            rt.kind
          }: strict decoding error: ${unknown
            .map(f => `unknown field "${f}"`)
            .join(', ')}`,
        );
      }
      if (unknown.length) {
        prune(obj);
        if (mode === 'Warn')
          warnings.push(...unknown.map(f => `unknown field "${f}"`));
      }
      const seen = new Set<string>();
      for (const e of (unknown.length ? prune.errors : check.errors) ?? []) {
        const fe = fieldError(e);
        const key = fe && `${fe.field}:${fe.message}`;
        if (fe && key && !seen.has(key)) {
          seen.add(key);
          errors.push(fe);
        }
      }
    }
    if (errors.length) throw invalid(rt.kind, rt.group, name, errors);
    return warnings;
  }
}

export function isKubeError(e: unknown): e is KubeError {
  return e instanceof KubeError;
}
