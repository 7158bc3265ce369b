import type { Category } from '../api/catalogue-api';

/** Categories in tree order: each top-level category followed by its children, each level by sortOrder. */
export function categoryTree(categories: Category[]): { category: Category; depth: number }[] {
  const bySort = (a: Category, b: Category) => a.sortOrder - b.sortOrder || a.id - b.id;
  const children = (parentId: number | null) =>
    categories.filter((c) => c.parentId === parentId).sort(bySort);
  const known = new Set(categories.map((c) => c.id));
  const out: { category: Category; depth: number }[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const category of children(parentId)) {
      out.push({ category, depth });
      if (depth < 4) walk(category.id, depth + 1);
    }
  };
  walk(null, 0);
  // Children of a parent that is missing still show, at the top level.
  for (const orphan of categories.filter((c) => c.parentId !== null && !known.has(c.parentId)).sort(bySort)) {
    out.push({ category: orphan, depth: 0 });
    walk(orphan.id, 1);
  }
  return out;
}

export const categoryName = (categories: Category[] | undefined, id: number): string =>
  categories?.find((c) => c.id === id)?.category ?? `#${id}`;

/** <option>s of a category select, indented by depth. */
export function CategoryOptions({ categories }: { categories: Category[] }) {
  return (
    <>
      {categoryTree(categories).map(({ category, depth }) => (
        <option key={category.id} value={category.id}>
          {`${'\u2014 '.repeat(depth)}${category.category}`}
        </option>
      ))}
    </>
  );
}
