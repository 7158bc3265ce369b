/** What other features may use from saved lists. */
export type { SavedLine } from './api/saved-lists-api';
export { SaveToList } from './components/save-to-list';
