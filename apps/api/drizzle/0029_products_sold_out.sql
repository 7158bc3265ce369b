-- An order marks the products its hold left with nothing to order as out of stock through this function
-- (orders.repository.ts, `writeOrder`), called only when there are some. Before, the order statement held an
-- UPDATE of products that changed no row for most orders, and every products statement runs the statement
-- triggers of the list counts (0006), keyword counts (0019, 0028), spans (0021), bands (0022), facets (0027)
-- and the catalogue notice (0003) whether it changed a row or not: about a tenth of the database's work per
-- order, done while the order held its products' locks (decision 0026). The caller has the products locked
-- (decision 0010); `in_stock` is tested again here as the rows are now.
CREATE FUNCTION mark_products_sold_out(ids uuid[]) RETURNS integer LANGUAGE sql AS $$
  WITH marked AS (
    UPDATE products SET in_stock = false WHERE id = ANY (ids) AND in_stock RETURNING 1
  )
  SELECT count(*)::integer FROM marked;
$$;
