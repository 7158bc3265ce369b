import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { artistCategoriesQuery, artistsQuery, categoriesQuery } from '../../lib/catalog-api';
import { artistPath, categoryPath } from '../../lib/links';
import { buildMenu, type MenuEntry } from './menu-model';

type MainNavProps = {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The phone Menu button: it toggles the menu itself, so focus moving to it must not close the menu first. */
  toggleRef: RefObject<HTMLButtonElement | null>;
};

const CLOSE_DELAY_MS = 150;

/**
 * The main menu: seven top-level buttons over one mega-menu panel. It opens on hover, focus or click and closes
 * on Escape, when the pointer or focus leaves, and on navigation (the header closes it when the address changes).
 * On phones the top row is hidden and the header's Menu button shows the panel as a drawer.
 */
export function MainNav({ id, open, onOpenChange, toggleRef }: MainNavProps) {
  const categories = useQuery(categoriesQuery());
  const artistCategories = useQuery(artistCategoriesQuery());
  const columns = useMemo(
    () => buildMenu(categories.data ?? [], artistCategories.data ?? []),
    [categories.data, artistCategories.data],
  );
  const loading = categories.isPending || artistCategories.isPending;
  const [activeColumn, setActiveColumn] = useState<string | null>(null);
  const [subPanel, setSubPanel] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const topButtons = useRef(new Map<string, HTMLButtonElement>());
  // Escape puts focus back on a top-level button; that focus must not open the menu again.
  const refocusing = useRef(false);
  const panelId = useId();

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (!open) setSubPanel(null);
  }, [open]);

  // A sub-panel opened by hovering stays open when its button is then clicked; a second click closes it.
  const openedByHover = useRef<string | null>(null);
  const hoverSubPanel = (key: string | null) => {
    openedByHover.current = key;
    setSubPanel(key);
  };
  const toggleSubPanel = (key: string) => {
    const keepOpen = openedByHover.current === key;
    openedByHover.current = null;
    setSubPanel((current) => (current === key && !keepOpen ? null : key));
  };

  const show = (columnId: string) => {
    clearTimeout(closeTimer.current);
    setActiveColumn(columnId);
    onOpenChange(true);
  };
  const close = () => {
    clearTimeout(closeTimer.current);
    onOpenChange(false);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    close();
    const button = activeColumn ? topButtons.current.get(activeColumn) : undefined;
    refocusing.current = true;
    if (button && button.offsetParent !== null) button.focus();
    else toggleRef.current?.focus();
    refocusing.current = false;
  };

  return (
    <nav
      id={id}
      aria-label="Main"
      className={`main-nav${open ? ' main-nav--open' : ''}`}
      onKeyDown={onKeyDown}
      onPointerEnter={(event) => event.pointerType === 'mouse' && clearTimeout(closeTimer.current)}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') closeTimer.current = setTimeout(close, CLOSE_DELAY_MS);
      }}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next) && !toggleRef.current?.contains(next)) close();
      }}
    >
      <ul className="main-nav__top">
        {columns.map((column) => (
          <li key={column.id}>
            <button
              ref={(element) => {
                if (element) topButtons.current.set(column.id, element);
                else topButtons.current.delete(column.id);
              }}
              type="button"
              className={`main-nav__item${open && activeColumn === column.id ? ' main-nav__item--active' : ''}`}
              aria-expanded={open}
              aria-controls={panelId}
              onPointerEnter={(event) => event.pointerType === 'mouse' && show(column.id)}
              onFocus={() => !refocusing.current && show(column.id)}
              onClick={() => show(column.id)}
            >
              {column.label}
            </button>
          </li>
        ))}
      </ul>
      <div id={panelId} className="mega" hidden={!open}>
        <div className="mega__inner container">
          {columns.map((column) => (
            <section
              key={column.id}
              className={`mega__column${activeColumn === column.id ? ' mega__column--active' : ''}`}
              aria-labelledby={`${panelId}-${column.id}`}
            >
              <h2 id={`${panelId}-${column.id}`} className="mega__heading">
                {column.label}
              </h2>
              <ul className="mega__list">
                {column.entries.map((entry) => (
                  <MenuItem
                    key={`${entry.kind}-${entry.label}`}
                    entry={entry}
                    openSubPanel={subPanel}
                    onHover={hoverSubPanel}
                    onToggle={toggleSubPanel}
                  />
                ))}
                {column.entries.length === 0 && loading && <li className="mega__note">Loading...</li>}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </nav>
  );
}

type MenuItemProps = {
  entry: MenuEntry;
  openSubPanel: string | null;
  onHover: (key: string | null) => void;
  onToggle: (key: string) => void;
};

function MenuItem({ entry, openSubPanel, onHover, onToggle }: MenuItemProps) {
  const subPanelId = useId();
  if (entry.kind === 'link') {
    return (
      <li onPointerEnter={(event) => event.pointerType === 'mouse' && onHover(null)}>
        <Link to={entry.to} className="mega__link">
          {entry.label}
        </Link>
      </li>
    );
  }
  const key =
    entry.kind === 'artists' ? `artists-${entry.artistCategoryId}` : `categories-${entry.categoryId}`;
  const expanded = openSubPanel === key;
  return (
    <li
      className="mega__has-sub"
      onPointerEnter={(event) => event.pointerType === 'mouse' && expanded === false && onHover(key)}
    >
      <button
        type="button"
        className="mega__link mega__sub-toggle"
        aria-expanded={expanded}
        aria-controls={subPanelId}
        onClick={() => onToggle(key)}
      >
        {entry.label}
        <span aria-hidden="true" className="mega__chevron">
          ›
        </span>
      </button>
      {expanded && (
        <div id={subPanelId} className="mega__sub">
          {entry.kind === 'artists' ? (
            <ArtistLinks artistCategoryId={entry.artistCategoryId} label={entry.label} />
          ) : (
            <ul className="mega__list" aria-label={entry.label}>
              <li>
                <Link to={categoryPath(entry.categoryId, entry.label)} className="mega__link mega__link--all">
                  All {entry.label}
                </Link>
              </li>
              {entry.children.map((child) => (
                <li key={child.id}>
                  <Link to={categoryPath(child.id, child.category)} className="mega__link">
                    {child.category}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}

function ArtistLinks({ artistCategoryId, label }: { artistCategoryId: number; label: string }) {
  const artists = useQuery(artistsQuery(artistCategoryId));
  if (artists.isPending) return <p className="mega__note">Loading...</p>;
  if (artists.isError) return <p className="mega__note">Could not load artists.</p>;
  if (artists.data.length === 0) return <p className="mega__note">No artists yet.</p>;
  return (
    <ul className="mega__list mega__list--artists" aria-label={label}>
      {artists.data.map((artist) => (
        <li key={artist.id}>
          <Link to={artistPath(artist.id, artist.artistNameEN)} className="mega__link" lang="en">
            {artist.artistNameEN}
          </Link>
        </li>
      ))}
    </ul>
  );
}
