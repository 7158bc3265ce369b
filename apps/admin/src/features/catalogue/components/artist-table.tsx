import type { AdminArtist, ArtistCategory } from '@kshop/contract';
import { FormField, useConfirm } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { deleteArtist, useArtistTable } from '../api/catalogue-bulk-api';

type ArtistTableProps = {
  artistCategories: ArtistCategory[];
  onEdit: (artist: AdminArtist) => void;
  onDeleted: (message: string) => void;
  onFailure: (message: string) => void;
};

/**
 * The artist table with a search by English or Korean name; an artist no product uses can be deleted (the API
 * refuses one in use and says how many products name it).
 */
export function ArtistTable({ artistCategories, onEdit, onDeleted, onFailure }: ArtistTableProps) {
  const { t } = useLingui();
  const confirm = useConfirm();
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const { data, error, isPending, refetch } = useArtistTable(query);
  const categoryOf = (id: number) => artistCategories.find((c) => c.id === id)?.category ?? `#${id}`;

  const remove = async (artist: AdminArtist) => {
    const name = artist.artistNameEN;
    if (!(await confirm(t`Delete the artist ${name}?`, t`Delete artist`))) return;
    try {
      await deleteArtist(artist.id);
      onDeleted(t`${name} was deleted.`);
    } catch (err) {
      onFailure(errorMessage(err));
    }
  };

  return (
    <>
      <FormField label={t`Search artists`} hint={t`English or Korean name.`}>
        {(control) => (
          <input {...control} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
        )}
      </FormField>
      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.artistList.length === 0 ? (
        <p className="muted">{query ? t`No artist's name contains "${query}".` : t`No artists yet.`}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">
              {query ? (
                <Trans>
                  Artists matching {query}: {data.totalCount}
                </Trans>
              ) : (
                <Trans>Artists: {data.totalCount}</Trans>
              )}
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>English name</Trans>
                </th>
                <th scope="col">
                  <Trans>Korean name</Trans>
                </th>
                <th scope="col">
                  <Trans>Category</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Products</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.artistList.map((artist) => (
                <tr key={artist.id}>
                  <td>{artist.artistNameEN}</td>
                  <td lang="ko">{artist.artistNameKO}</td>
                  <td>{categoryOf(artist.artistCategoryId)}</td>
                  <td className="num">{artist.productCount}</td>
                  <td className="row-actions">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={t`Edit artist ${artist.artistNameEN}`}
                      onClick={() => onEdit(artist)}
                    >
                      <Trans>Edit</Trans>
                    </button>
                    <button
                      type="button"
                      className="button button--danger button--small"
                      aria-label={t`Delete artist ${artist.artistNameEN}`}
                      disabled={artist.productCount > 0}
                      title={artist.productCount > 0 ? t`Products still name this artist.` : undefined}
                      onClick={() => void remove(artist)}
                    >
                      <Trans>Delete</Trans>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
