/**
 * Checks requests to and answers from the sandbox's Kargo API against Kargo
 * v1.11.2's swagger.json (plugins/kargo-node/kargo-api): the body parameter's
 * schema, and the documented response's schema; an undocumented error status
 * must carry Kargo's error body (pkg/server/rest_router.go errorResponse).
 */
import path from 'node:path';
import Ajv from 'ajv';
import { PACKAGE_ROOT } from '../../paths';

const SWAGGER = path.join(PACKAGE_ROOT, '../../plugins/kargo-node/kargo-api/swagger-v1.11.2.json');
const ERROR_BODY = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string', minLength: 1 } },
  additionalProperties: false,
};

type Op = { parameters?: any[]; responses: Record<string, { schema?: object }> };

export interface KargoContract {
  /** fetch against the sandbox, asserting both sides against the swagger. */
  call(
    base: string,
    method: string,
    apiPath: string,
    init?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: any }>;
  checked: number;
}

export async function loadKargoContract(): Promise<KargoContract> {
  const { dereference } = require('@readme/openapi-parser');
  const spec = await dereference(SWAGGER);
  const ajv = new Ajv({ strict: false, allErrors: true });
  const validate = (schema: object, value: unknown, what: string) => {
    if (!ajv.validate(schema, value))
      throw new Error(`${what} does not match Kargo's swagger: ${ajv.errorsText()}`);
  };
  const find = (method: string, p: string): Op => {
    for (const [template, ops] of Object.entries<any>(spec.paths)) {
      const re = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      if (re.test(p) && ops[method.toLowerCase()]) return ops[method.toLowerCase()];
    }
    throw new Error(`${method} ${p} is not in Kargo's swagger`);
  };
  const contract: KargoContract = {
    checked: 0,
    async call(base, method, apiPath, init = {}) {
      const op = find(method, apiPath.split('?')[0]);
      const bodyParam = (op.parameters ?? []).find(x => x.in === 'body');
      if (bodyParam) validate(bodyParam.schema, init.body, `request body of ${method} ${apiPath}`);
      const res = await fetch(`${base}${apiPath}`, {
        method,
        headers: {
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      });
      const text = await res.text();
      const body = text ? JSON.parse(text) : undefined;
      const documented = op.responses[String(res.status)];
      if (documented) {
        if (documented.schema) validate(documented.schema, body, `${res.status} answer of ${method} ${apiPath}`);
        else if (text) throw new Error(`${res.status} answer of ${method} ${apiPath} has a body the swagger does not describe`);
      } else if (res.status >= 400) {
        validate(ERROR_BODY, body, `${res.status} answer of ${method} ${apiPath}`);
      } else {
        throw new Error(`${method} ${apiPath} answered ${res.status}, which the swagger does not document`);
      }
      contract.checked++;
      return { status: res.status, body };
    },
  };
  return contract;
}
