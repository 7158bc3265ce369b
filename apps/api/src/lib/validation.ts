import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { badRequest } from './errors.js';

/**
 * zod's validation, with one more refusal: a value built to break it (an object with a `length` whose
 * conversion throws, sent where a text is expected, makes zod's length check throw instead of reporting an
 * issue) is a 400 naming the part of the request, never a 500.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    try {
      return validate(data);
    } catch {
      return {
        error: badRequest(`${route.httpPart ?? 'request'}: a field holds a value of the wrong type.`),
      };
    }
  };
};
