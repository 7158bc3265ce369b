import { Trans, useLingui } from '@lingui/react/macro';
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

/** The links and buttons of the open panel (or of one column of it), in reading order. */
const itemsIn = (root: Element | null | undefined): HTMLElement[] =>
  root ? [...root.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')] : [];

/** The row of top-level buttons is hidden on phones, where the header's Menu button stands for it. */
const isShown = (button: HTMLElement) => {
  const row = button.closest('ul');
  return row === null || getComputedStyle(row).display !== 'none';
};

/**
 * The main menu: seven top-level buttons over one mega-menu panel. A button opens the panel on click, Enter or
 * Space (the mouse also opens it by hovering); only the button whose column is open reports itself expanded.
 * The arrow keys move along the buttons (one Tab stop for the row) and inside the open panel; Escape closes
 * it and puts the focus back on its button. The panel also closes when the pointer or focus leaves and on
 * navigation (the header closes it when the address changes). On phones the top row is hidden and the
 * header's Menu button shows the panel as a drawer.
 */
export function MainNav({ id, open, onOpenChange, toggleRef }: MainNavProps) {
  const { t } = useLingui();
  const categories = useQuery(categoriesQuery());
  const artistCategories = useQuery(artistCategoriesQuery());
  const words = {
    new: t`NEW`,
    preOrder: t`PRE-ORDER`,
    artist: t`K-ARTIST`,
    merchandise: t`MERCHANDISE`,
    allEvents: t`ALL EVENTS`,
    contact: t`CONTACT US`,
  };
  const wordsKey = Object.values(words).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words change with the language, read as one key
  const columns = useMemo(
    () => buildMenu(categories.data ?? [], artistCategories.data ?? [], words),
    [categories.data, artistCategories.data, wordsKey],
  );
  const loading = categories.isPending || artistCategories.isPending;
  const [activeColumn, setActiveColumn] = useState<string | null>(null);
  // The top-level button that Tab reaches (roving focus: the arrows move along the row).
  const [tabColumn, setTabColumn] = useState<string | null>(null);
  const [subPanel, setSubPanel] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const topButtons = useRef(new Map<string, HTMLButtonElement>());
  const panelRef = useRef<HTMLDivElement>(null);
  // A column opened by hovering stays open when its button is then clicked; a second click closes it.
  const columnOpenedByHover = useRef<string | null>(null);
  // Focus to move into the panel once it has rendered: the first or the last item of a column.
  const pendingFocus = useRef<{ column: string; at: 'first' | 'last' } | null>(null);
  const panelId = useId();
  const currentTab = tabColumn ?? columns[0]?.id;

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (!open) {
      setSubPanel(null);
      columnOpenedByHover.current = null;
    }
  }, [open]);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!open || !target) return;
    pendingFocus.current = null;
    focusIn(target.column, target.at);
  });

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
  const toggle = (columnId: string) => {
    const keepOpen = columnOpenedByHover.current === columnId;
    columnOpenedByHover.current = null;
    if (open && activeColumn === columnId && !keepOpen) close();
    else show(columnId);
  };

  const focusTop = (index: number) => {
    const column = columns[(index + columns.length) % columns.length];
    if (!column) return;
    setTabColumn(column.id);
    topButtons.current.get(column.id)?.focus();
    if (open) show(column.id);
  };
  const focusIn = (columnId: string, at: 'first' | 'last') => {
    const items = itemsIn(panelRef.current?.querySelector(`[data-column="${columnId}"]`));
    (at === 'first' ? items[0] : items.at(-1))?.focus();
  };
  const openAt = (columnId: string, at: 'first' | 'last') => {
    // An open panel takes the focus at once; a closed one once it has rendered.
    if (open) focusIn(columnId, at);
    else pendingFocus.current = { column: columnId, at };
    show(columnId);
  };

  const onTopKeyDown = (event: React.KeyboardEvent, index: number, columnId: string) => {
    const key = event.key;
    if (!['ArrowRight', 'ArrowLeft', 'Home', 'End', 'ArrowDown', 'ArrowUp'].includes(key)) return;
    event.preventDefault();
    event.stopPropagation();
    if (key === 'ArrowRight') focusTop(index + 1);
    else if (key === 'ArrowLeft') focusTop(index - 1);
    else if (key === 'Home') focusTop(0);
    else if (key === 'End') focusTop(columns.length - 1);
    else openAt(columnId, key === 'ArrowDown' ? 'first' : 'last');
  };

  /** Up and Down walk the panel's items; Left and Right jump to the first item of the next column. */
  const onPanelKeyDown = (event: React.KeyboardEvent) => {
    if (!['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const items = itemsIn(panelRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (items.length === 0) return;
    event.preventDefault();
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = items[(index + 1) % items.length];
    else if (event.key === 'ArrowUp') next = items[(index - 1 + items.length) % items.length];
    else if (event.key === 'Home') next = items[0];
    else if (event.key === 'End') next = items.at(-1);
    else {
      const sections = [...(panelRef.current?.querySelectorAll<HTMLElement>('[data-column]') ?? [])].filter(
        (section) => itemsIn(section).length > 0,
      );
      const current = sections.findIndex((section) => section.contains(document.activeElement));
      const step = event.key === 'ArrowRight' ? 1 : -1;
      next = itemsIn(sections[(current + step + sections.length) % sections.length])[0];
    }
    next?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (panelRef.current?.contains(event.target as Node)) onPanelKeyDown(event);
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    close();
    const button = activeColumn ? topButtons.current.get(activeColumn) : undefined;
    if (button && isShown(button)) button.focus();
    else toggleRef.current?.focus();
  };

  return (
    <nav
      id={id}
      aria-label={t`Main`}
      className={`main-nav${open ? ' main-nav--open' : ''}`}
      onKeyDown={onKeyDown}
      onPointerEnter={(event) => event.pointerType === 'mouse' && clearTimeout(closeTimer.current)}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') closeTimer.current = setTimeout(close, CLOSE_DELAY_MS);
      }}
      onFocus={(event) => {
        // Focus moving inside the open panel makes its column the open one.
        const column = (event.target as HTMLElement).closest<HTMLElement>('.mega [data-column]')?.dataset
          .column;
        if (column && column !== activeColumn) setActiveColumn(column);
      }}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next) && !toggleRef.current?.contains(next)) close();
      }}
    >
      <ul className="main-nav__top">
        {columns.map((column, index) => (
          <li key={column.id}>
            <button
              ref={(element) => {
                if (element) topButtons.current.set(column.id, element);
                else topButtons.current.delete(column.id);
              }}
              type="button"
              className={`main-nav__item${open && activeColumn === column.id ? ' main-nav__item--active' : ''}`}
              aria-expanded={open && activeColumn === column.id}
              aria-controls={panelId}
              tabIndex={column.id === currentTab ? 0 : -1}
              onPointerEnter={(event) => {
                if (event.pointerType !== 'mouse') return;
                if (!(open && activeColumn === column.id)) columnOpenedByHover.current = column.id;
                show(column.id);
              }}
              onFocus={() => setTabColumn(column.id)}
              onKeyDown={(event) => onTopKeyDown(event, index, column.id)}
              onClick={() => toggle(column.id)}
            >
              {column.label}
            </button>
          </li>
        ))}
      </ul>
      <div id={panelId} ref={panelRef} className="mega" hidden={!open}>
        <div className="mega__inner container">
          {columns.map((column) => (
            // A group, not a region: the home page's regions carry the same names (K-MERCH, K-MAGAZINE).
            // biome-ignore lint/a11y/useSemanticElements: a group of links, not a fieldset of form inputs
            <div
              key={column.id}
              role="group"
              aria-labelledby={`${panelId}-${column.id}`}
              data-column={column.id}
              className={`mega__column${activeColumn === column.id ? ' mega__column--active' : ''}`}
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
                {column.entries.length === 0 && loading && (
                  <li className="mega__note">
                    <Trans>Loading...</Trans>
                  </li>
                )}
              </ul>
            </div>
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
  const { label } = entry;
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
                  <Trans>All {label}</Trans>
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
  const { i18n } = useLingui();
  const artists = useQuery(artistsQuery(artistCategoryId));
  if (artists.isPending) {
    return (
      <p className="mega__note">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  if (artists.isError) {
    return (
      <p className="mega__note">
        <Trans>Could not load artists.</Trans>
      </p>
    );
  }
  if (artists.data.length === 0) {
    return (
      <p className="mega__note">
        <Trans>No artists yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="mega__list mega__list--artists" aria-label={label}>
      {artists.data.map((artist) => {
        // The Korean name in Korean, the English name in English, where the artist has both (issue 33).
        const korean = i18n.locale === 'ko' && artist.artistNameKO.trim() !== '';
        const name = korean ? artist.artistNameKO : artist.artistNameEN;
        return (
          <li key={artist.id}>
            <Link to={artistPath(artist.id, name)} className="mega__link" lang={korean ? 'ko' : 'en'}>
              {name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
