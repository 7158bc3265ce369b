// The pool's worker when the shop runs from its TypeScript sources (tests, tsx): a worker thread starts
// without the parent's loaders, so it registers tsx's, points the contract package at its sources as the
// tests' alias does (its dist is a build that may be missing or old), then loads the worker module.
import { register } from 'node:module';
import { register as registerTsx } from 'tsx/esm/api';

registerTsx();
const contract = new URL('../../../../packages/contract/src/index.ts', import.meta.url).href;
const resolveContract = `export function resolve(specifier, context, next) {
  return next(specifier === '@kshop/contract' ? ${JSON.stringify(contract)} : specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(resolveContract)}`);

const worker = await import('./untrusted-worker.ts');
export default worker.default;
