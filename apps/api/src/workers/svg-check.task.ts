import { svgProblem } from '../lib/svg-check.js';

/** Why an uploaded SVG is refused, or null for an inert drawing: the whole file is parsed as XML. */
export const svgCheckTask = (bytes: Uint8Array): string | null =>
  svgProblem(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
