import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { DocumentedOperation } from './openapi';
import type { JsonSchema } from './shapes';

import type { ContractVerdict } from '../../../core/assurance';

export type { ContractVerdict };

export interface ContractCheck {
  verdict: ContractVerdict;
  code?: 'CONTRACT_SCHEMA_VIOLATION' | 'CONTRACT_UNDOCUMENTED_STATUS';
  /** Customer-safe: locations and rules of a violation, never values. */
  reason: string;
}

/** The media type without parameters, lower case (`application/json; charset=utf-8` → `application/json`). */
export const mediaTypeOf = (contentType: string) => contentType.split(';')[0].trim().toLowerCase();

/**
 * Validates observed responses against the documented response schemas (ajv, JSON Schema
 * 2020-12 as OpenAPI 3.1 uses, with formats). One validator per document; schemas compile once.
 */
export class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
    // OpenAPI keywords that JSON Schema 2020-12 does not define; accepted as annotations.
    for (const keyword of ['nullable', 'discriminator', 'xml', 'externalDocs', 'example']) {
      if (!this.ajv.getKeyword(keyword)) this.ajv.addKeyword(keyword);
    }
  }

  /**
   * Failure: the body violates the documented schema, or the status is not documented for the
   * operation. Indeterminate: the status is documented but no schema covers this content type.
   */
  check(op: DocumentedOperation, status: number, contentType: string, body: unknown, hasBody: boolean): ContractCheck {
    const responses = op.operation.responses ?? {};
    const entry = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (!entry) {
      return {
        verdict: 'fail',
        code: 'CONTRACT_UNDOCUMENTED_STATUS',
        reason: `${op.key} answered ${status}, a status its documentation does not list`,
      };
    }
    const media = mediaTypeOf(contentType);
    const content = entry.content ?? {};
    if (!hasBody && !Object.keys(content).length) return { verdict: 'pass', reason: 'no body, none documented' };
    const documented = content[media] ?? content[`${media.split('/')[0]}/*`] ?? content['*/*'];
    if (!documented?.schema) {
      return {
        verdict: 'indeterminate',
        reason: `no documented schema for ${status} ${media || 'without a content type'}`,
      };
    }
    if (!/json/.test(media)) return { verdict: 'indeterminate', reason: `${media} bodies are not checked` };
    const validate = this.validator(`${op.key} ${status} ${media}`, documented.schema);
    if (validate(body)) return { verdict: 'pass', reason: 'matches the documented schema' };
    const first = validate.errors?.[0];
    const where = first?.instancePath || '(the body)';
    return {
      verdict: 'fail',
      code: 'CONTRACT_SCHEMA_VIOLATION',
      reason: `${op.key} answered ${status} with a body that does not match its documented schema: ${where} ${first?.message ?? 'is invalid'}`,
    };
  }

  private validator(key: string, schema: JsonSchema): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}
