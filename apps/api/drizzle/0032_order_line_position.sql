-- Order lines keep the buyer's order (checkout's order of the lines; lines staff add come after them): order
-- detail, documents and exports list them by position, where they came back in the order of their random ids.
-- Lines written before this migration were never ordered; they take the order of their titles and options, the
-- order staff would look for them in.
ALTER TABLE "order_details" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "order_details" d SET "position" = n.position
FROM (
  SELECT id, (row_number() OVER (PARTITION BY order_id
    ORDER BY product_title, option_name_value1, option_name_value2, id) - 1)::int AS position
  FROM "order_details"
) n
WHERE n.id = d.id;
