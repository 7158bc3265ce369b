import type { TestProject } from 'vitest/node';
import { embeddedTemplate } from './embedded-template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dumped, migrated embedded database each test file starts from (absent on PostgreSQL). */
    embeddedTemplate?: string;
  }
}

/** Before the API's test files run: on the embedded database, the migrated template they start from. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  project.provide('embeddedTemplate', await embeddedTemplate());
}
