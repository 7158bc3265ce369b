import { z } from 'zod';
import { CURRENCIES } from '../constants.js';
import { QUICK_ORDER_MAX_LINES } from '../rules/quick-order.js';
import { SAVED_LIST_MESSAGES } from '../shop-messages.js';
import { envelope, uuidParam } from './common.js';
import { boundedInt, INT_RANGE, safeText, uuidText } from './primitives.js';
import { quickOrderCheckedLine } from './quick-order.js';

/** How many lists a member keeps, and how many lines one holds: as many as one quick order checks. */
export const SAVED_LISTS_MAX = 50;
export const SAVED_LIST_LINES_MAX = QUICK_ORDER_MAX_LINES;
export const SAVED_LIST_NAME_MAX = 60;

const listName = safeText({
  max: SAVED_LIST_NAME_MAX,
  required: SAVED_LIST_MESSAGES.nameRequired,
  tooLong: `The name can be at most ${SAVED_LIST_NAME_MAX} characters.`,
});
const quantity = boundedInt({
  ...INT_RANGE.quantity,
  notWhole: 'quantity must be a whole number.',
  tooSmall: 'quantity must be at least 1.',
  tooBig: 'quantity is too large.',
});
const savedLine = z.object({
  productOptionUuid: uuidText({ error: 'productOptionUuid must be a valid id.' }),
  quantity,
});
const savedLines = z
  .array(savedLine)
  .min(1, SAVED_LIST_MESSAGES.noLines)
  .max(SAVED_LIST_LINES_MAX, SAVED_LIST_MESSAGES.tooManyLines(SAVED_LIST_LINES_MAX));

export const savedListParams = z.object({ listUuid: uuidParam('listUuid') });
export const savedListLineParams = savedListParams.extend({
  productOptionUuid: uuidParam('productOptionUuid'),
});

/**
 * `POST /api/v1/lists`: a new list, empty, of the given lines, or of what the cart holds now (`fromCart`). Lines
 * naming one option twice are one line with the quantities summed.
 */
export const savedListCreateRequest = z.object({
  name: listName,
  lines: savedLines.optional(),
  fromCart: z.boolean().optional(),
});
export type SavedListCreateRequest = z.infer<typeof savedListCreateRequest>;

/** `PATCH /api/v1/lists/:listUuid`: a new name. */
export const savedListRenameRequest = z.object({ name: listName });

/** `POST /api/v1/lists/:listUuid/lines`: lines added; a line already in the list has the quantity added to it. */
export const savedListAddLinesRequest = z.object({ lines: savedLines });
export type SavedListAddLinesRequest = z.infer<typeof savedListAddLinesRequest>;

/** `PUT /api/v1/lists/:listUuid/lines/:productOptionUuid`: the line's quantity. */
export const savedListLineRequest = z.object({ quantity });

export const savedListSummary = z.object({
  uuid: z.uuid(),
  name: z.string(),
  lineCount: z.number().int(),
  /** Pieces over every line. */
  pieceCount: z.number().int(),
  /** When the list or one of its lines last changed (ISO 8601). */
  updatedAt: z.string(),
});
export type SavedListSummary = z.infer<typeof savedListSummary>;
export const savedListSummaryResponse = envelope(savedListSummary);
export const savedListsResponse = envelope(z.object({ lists: z.array(savedListSummary) }));

export const savedListLine = z.object({
  productOptionUuid: z.uuid(),
  productUuid: z.uuid(),
  title: z.string(),
  optionNameValue1: z.string(),
  optionNameValue2: z.string().nullable(),
  sku: z.string(),
  /** The quantity saved. */
  quantity: z.number().int(),
  /** What putting the list into the cart would do with this line now, as quick order checks it. */
  check: quickOrderCheckedLine,
});
export type SavedListLine = z.infer<typeof savedListLine>;

export const savedListData = savedListSummary.extend({
  lines: z.array(savedListLine),
  /** Lines that would go into the cart now. */
  addableCount: z.number().int(),
  currencyCode: z.enum(CURRENCIES),
  currencySymbol: z.string(),
});
export type SavedListData = z.infer<typeof savedListData>;
export const savedListResponse = envelope(savedListData);
