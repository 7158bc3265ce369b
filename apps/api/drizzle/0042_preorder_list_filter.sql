-- The product list's open pre-orders (issue 34, `preorder=open`): the listed products on pre-order with their
-- order windows, so that the list and its total read only the pre-orders and compare their windows to now(),
-- instead of walking every listed product. A window opens and closes with time, which no kept count can follow.
-- The predicate is the list's own (`listedProduct` and the product's `preorder`), so the planner can use it.
CREATE INDEX "products_listed_preorders" ON "products" ("sales_end_at", "sales_start_at")
  WHERE "preorder" AND "deleted_at" IS NULL AND "is_published";
