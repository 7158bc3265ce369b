import type { ArtistCategory } from '@kshop/contract';
import { useConfirm } from '@kshop/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState, LoadingState, Notice } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  type ArtistInput,
  type Category,
  catalogueKey,
  deleteCategory,
  saveArtist,
  saveArtistCategory,
  saveCategory,
  useArtistGroups,
  useCategories,
} from '../api/catalogue-api';
import { ArtistCategoryDialog, ArtistDialog } from '../components/artist-dialogs';
import { ArtistTable } from '../components/artist-table';
import { CategoryDialog } from '../components/category-dialog';
import { categoryName, categoryTree } from '../components/category-options';
import './catalogue.css';

type Editing =
  | { kind: 'category'; category: Category | null }
  | { kind: 'artistCategory'; artistCategory: ArtistCategory | null; sortOrder: number }
  | { kind: 'artist'; artist: (ArtistInput & { id: number }) | null };

export function CategoriesPage() {
  useDocumentTitle('Categories & Artists');
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const categories = useCategories();
  const artistGroups = useArtistGroups();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = (message: string) => {
    setNotice(message);
    setFailure(null);
    void queryClient.invalidateQueries({ queryKey: catalogueKey });
  };

  const removeCategory = async (category: Category) => {
    if (!(await confirm(`Delete the category ${category.category}?`, 'Delete category'))) return;
    try {
      await deleteCategory(category.id);
      refresh(`${category.category} was deleted.`);
    } catch (error) {
      setNotice(null);
      setFailure(errorMessage(error));
    }
  };

  const artistCategoryList = artistGroups.data?.map((group) => group.category) ?? [];

  return (
    <>
      <h1>Categories & Artists</h1>
      {notice && <Notice>{notice}</Notice>}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}

      <section className="panel" aria-labelledby="categories-heading">
        <div className="page-head">
          <h2 id="categories-heading">Product categories</h2>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setEditing({ kind: 'category', category: null })}
          >
            Add category
          </button>
        </div>
        {categories.isPending ? (
          <LoadingState />
        ) : categories.error ? (
          <ErrorState error={categories.error} />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    No.
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">Parent</th>
                  <th scope="col" className="num">
                    Sort order
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {categoryTree(categories.data).map(({ category, depth }) => (
                  <tr key={category.id}>
                    <td className="num">{category.id}</td>
                    <td>
                      <span style={{ paddingLeft: `${depth * 18}px` }}>{category.category}</span>
                    </td>
                    <td>
                      {category.parentId === null ? (
                        <span className="muted">Top level</span>
                      ) : (
                        categoryName(categories.data, category.parentId)
                      )}
                    </td>
                    <td className="num">{category.sortOrder}</td>
                    <td>
                      <span className="button-row row-actions">
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={`Edit category ${category.category}`}
                          onClick={() => setEditing({ kind: 'category', category })}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button button--danger button--small"
                          aria-label={`Delete category ${category.category}`}
                          onClick={() => void removeCategory(category)}
                        >
                          Delete
                        </button>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <div className="grid-2">
        <section className="panel" aria-labelledby="artist-categories-heading">
          <div className="page-head">
            <h2 id="artist-categories-heading">Artist categories</h2>
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                setEditing({
                  kind: 'artistCategory',
                  artistCategory: null,
                  sortOrder: artistCategoryList.length + 1,
                })
              }
            >
              Add artist category
            </button>
          </div>
          {artistGroups.isPending ? (
            <LoadingState />
          ) : artistGroups.error ? (
            <ErrorState error={artistGroups.error} />
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="num">
                    Artists
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {artistGroups.data.map((group, index) => (
                  <tr key={group.category.id}>
                    <td>{group.category.category}</td>
                    <td className="num">{group.artists.length}</td>
                    <td className="row-actions">
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={`Edit artist category ${group.category.category}`}
                        onClick={() =>
                          setEditing({
                            kind: 'artistCategory',
                            artistCategory: group.category,
                            sortOrder: index + 1,
                          })
                        }
                      >
                        Edit
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section className="panel" aria-labelledby="artists-heading">
          <div className="page-head">
            <h2 id="artists-heading">Artists</h2>
            <button
              type="button"
              className="button button--secondary"
              disabled={artistCategoryList.length === 0}
              onClick={() => setEditing({ kind: 'artist', artist: null })}
            >
              Add artist
            </button>
          </div>
          <ArtistTable
            artistCategories={artistCategoryList}
            onEdit={(artist) => setEditing({ kind: 'artist', artist })}
            onDeleted={refresh}
            onFailure={(message) => {
              setNotice(null);
              setFailure(message);
            }}
          />
        </section>
      </div>

      {editing?.kind === 'category' && (
        <CategoryDialog
          category={editing.category}
          categories={categories.data ?? []}
          onSave={async (category) => {
            await saveCategory(category);
            refresh(`${category.category} was saved.`);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'artistCategory' && (
        <ArtistCategoryDialog
          artistCategory={editing.artistCategory}
          sortOrder={editing.sortOrder}
          onSave={async (input) => {
            await saveArtistCategory(editing.artistCategory?.id ?? null, input);
            refresh(`${input.category} was saved.`);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'artist' && (
        <ArtistDialog
          artist={editing.artist}
          artistCategories={artistCategoryList}
          defaultCategoryId={null}
          onSave={async (input) => {
            await saveArtist(editing.artist?.id ?? null, input);
            refresh(`${input.artistNameEN} was saved.`);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
