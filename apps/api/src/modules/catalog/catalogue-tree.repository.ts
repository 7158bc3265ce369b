import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { artistCategories, artists, categories } from '../../db/schema.js';

export const listCategories = (db: Executor) =>
  db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));

export const listArtistCategories = (db: Executor) =>
  db
    .select({ id: artistCategories.id, category: artistCategories.name })
    .from(artistCategories)
    .orderBy(asc(artistCategories.sortOrder), asc(artistCategories.id));

export const listArtists = (db: Executor, artistCategoryId: number) =>
  db
    .select({ id: artists.id, artistNameEN: artists.nameEn, artistNameKO: artists.nameKo })
    .from(artists)
    .where(eq(artists.artistCategoryId, artistCategoryId))
    .orderBy(asc(artists.nameEn));
