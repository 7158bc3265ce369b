import type { ArtistCategory } from '@kshop/contract';
import { useConfirm } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  useDocumentTitle(t`Categories & Artists`);
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
    const name = category.category;
    if (!(await confirm(t`Delete the category ${name}?`, t`Delete category`))) return;
    try {
      await deleteCategory(category.id);
      refresh(t`${name} was deleted.`);
    } catch (error) {
      setNotice(null);
      setFailure(errorMessage(error));
    }
  };

  const artistCategoryList = artistGroups.data?.map((group) => group.category) ?? [];

  return (
    <>
      <h1>
        <Trans>Categories & Artists</Trans>
      </h1>
      {notice && <Notice>{notice}</Notice>}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}

      <section className="panel" aria-labelledby="categories-heading">
        <div className="page-head">
          <h2 id="categories-heading">
            <Trans>Product categories</Trans>
          </h2>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setEditing({ kind: 'category', category: null })}
          >
            <Trans>Add category</Trans>
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
                    <Trans>No.</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Name</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Parent</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Sort order</Trans>
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">
                      <Trans>Actions</Trans>
                    </span>
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
                        <span className="muted">
                          <Trans>Top level</Trans>
                        </span>
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
                          aria-label={t`Edit category ${category.category}`}
                          onClick={() => setEditing({ kind: 'category', category })}
                        >
                          <Trans>Edit</Trans>
                        </button>
                        <button
                          type="button"
                          className="button button--danger button--small"
                          aria-label={t`Delete category ${category.category}`}
                          onClick={() => void removeCategory(category)}
                        >
                          <Trans>Delete</Trans>
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
            <h2 id="artist-categories-heading">
              <Trans>Artist categories</Trans>
            </h2>
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
              <Trans>Add artist category</Trans>
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
                  <th scope="col">
                    <Trans>Name</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>Artists</Trans>
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">
                      <Trans>Actions</Trans>
                    </span>
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
                        aria-label={t`Edit artist category ${group.category.category}`}
                        onClick={() =>
                          setEditing({
                            kind: 'artistCategory',
                            artistCategory: group.category,
                            sortOrder: index + 1,
                          })
                        }
                      >
                        <Trans>Edit</Trans>
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
            <h2 id="artists-heading">
              <Trans>Artists</Trans>
            </h2>
            <button
              type="button"
              className="button button--secondary"
              disabled={artistCategoryList.length === 0}
              onClick={() => setEditing({ kind: 'artist', artist: null })}
            >
              <Trans>Add artist</Trans>
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
            const name = category.category;
            refresh(t`${name} was saved.`);
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
            const name = input.category;
            refresh(t`${name} was saved.`);
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
            const name = input.artistNameEN;
            refresh(t`${name} was saved.`);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
