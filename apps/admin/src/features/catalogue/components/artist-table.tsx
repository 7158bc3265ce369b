import type { AdminArtist, ArtistCategory } from '@kshop/contract';
import { FormField, useConfirm } from '@kshop/ui';
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
  const confirm = useConfirm();
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const { data, error, isPending, refetch } = useArtistTable(query);
  const categoryOf = (id: number) => artistCategories.find((c) => c.id === id)?.category ?? `#${id}`;

  const remove = async (artist: AdminArtist) => {
    if (!(await confirm(`Delete the artist ${artist.artistNameEN}?`, 'Delete artist'))) return;
    try {
      await deleteArtist(artist.id);
      onDeleted(`${artist.artistNameEN} was deleted.`);
    } catch (err) {
      onFailure(errorMessage(err));
    }
  };

  return (
    <>
      <FormField label="Search artists" hint="English or Korean name.">
        {(control) => (
          <input {...control} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
        )}
      </FormField>
      {isPending ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.artistList.length === 0 ? (
        <p className="muted">{query ? `No artist's name contains "${query}".` : 'No artists yet.'}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">
              Artists{query ? ` matching ${query}` : ''}: {data.totalCount}
            </caption>
            <thead>
              <tr>
                <th scope="col">English name</th>
                <th scope="col">Korean name</th>
                <th scope="col">Category</th>
                <th scope="col" className="num">
                  Products
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
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
                      aria-label={`Edit artist ${artist.artistNameEN}`}
                      onClick={() => onEdit(artist)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button--danger button--small"
                      aria-label={`Delete artist ${artist.artistNameEN}`}
                      disabled={artist.productCount > 0}
                      title={artist.productCount > 0 ? 'Products still name this artist.' : undefined}
                      onClick={() => void remove(artist)}
                    >
                      Delete
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
