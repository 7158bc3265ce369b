import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { ArtistGroup } from '../api/catalogue-api';

type ArtistPickerProps = {
  groups: ArtistGroup[];
  selected: string[];
  onChange: (selected: string[]) => void;
  error?: string | undefined;
};

/** Artists by artist category, as checkboxes, with a filter for long lists. */
export function ArtistPicker({ groups, selected, onChange, error }: ArtistPickerProps) {
  const { t } = useLingui();
  const filterId = useId();
  const errorId = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((value) => value !== id));
  const names = new Map(
    groups.flatMap((group) => group.artists.map((artist) => [String(artist.id), artist.artistNameEN])),
  );

  return (
    <fieldset className="artist-picker" aria-describedby={error ? errorId : undefined}>
      <legend>
        <Trans>Artists</Trans>
      </legend>
      <p className="field__hint">
        {selected.length === 0
          ? t`No artist chosen.`
          : t`Chosen: ${selected.map((id) => names.get(id) ?? `#${id}`).join(', ')}`}
      </p>
      <div className="field">
        <label htmlFor={filterId} className="visually-hidden">
          <Trans>Find an artist</Trans>
        </label>
        <input
          id={filterId}
          type="search"
          placeholder={t`Find an artist`}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      <div className="artist-picker__groups">
        {groups.map((group) => {
          const artists = group.artists.filter(
            (artist) =>
              !needle ||
              artist.artistNameEN.toLowerCase().includes(needle) ||
              artist.artistNameKO.includes(filter.trim()),
          );
          if (artists.length === 0) return null;
          return (
            <fieldset key={group.category.id} className="artist-picker__group">
              <legend>{group.category.category}</legend>
              {artists.map((artist) => {
                const id = String(artist.id);
                return (
                  <label key={artist.id} className="checkbox">
                    <input
                      type="checkbox"
                      checked={selected.includes(id)}
                      onChange={(event) => toggle(id, event.target.checked)}
                    />
                    {artist.artistNameEN} <span className="muted">{artist.artistNameKO}</span>
                  </label>
                );
              })}
            </fieldset>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
