-- The buyer's own purchase-order number (issue 35): optional at checkout and on orders staff take, printed on the
-- invoice and the packing list, named in the order mails and exported. Staff find an order by it through the
-- order list's order-number search, an ILIKE '%…%' OR'd with the order number's; that search has no index of its
-- own (the list is read newest first, filtered as it goes), and an index on this column alone could not serve an
-- OR with an unindexed arm, so none is added. Orders written before this migration have none.
ALTER TABLE "orders" ADD COLUMN "po_reference" text;
