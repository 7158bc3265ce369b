-- Price groups and volume tiers (issue 12, docs/decisions/0021-price-groups-and-tiers.md).
-- Every buyer belongs to one price group; 'Standard' (id 1, 0 % off) is every buyer's group until staff
-- choose another. Percentages are basis points: 10000 is 100 %.
CREATE TABLE "price_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_group_discount_range" CHECK ("price_groups"."discount_bp" >= 0 and "price_groups"."discount_bp" <= 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "price_groups_name_unique" ON "price_groups" USING btree (lower("name"));--> statement-breakpoint
INSERT INTO "price_groups" ("id", "name", "discount_bp") VALUES (1, 'Standard', 0);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('price_groups', 'id'), 1);--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "price_group_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "buyers" ADD CONSTRAINT "buyers_price_group_id_price_groups_id_fk" FOREIGN KEY ("price_group_id") REFERENCES "public"."price_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyers_price_group_id_index" ON "buyers" USING btree ("price_group_id");--> statement-breakpoint
CREATE TABLE "price_group_prices" (
	"price_group_id" integer NOT NULL,
	"product_option_id" uuid NOT NULL,
	"price_krw" bigint,
	"price_usd" bigint,
	CONSTRAINT "price_group_prices_price_group_id_product_option_id_pk" PRIMARY KEY("price_group_id","product_option_id"),
	CONSTRAINT "price_group_price_not_negative" CHECK (coalesce("price_group_prices"."price_krw", 0) >= 0 and coalesce("price_group_prices"."price_usd", 0) >= 0),
	CONSTRAINT "price_group_price_some" CHECK ("price_group_prices"."price_krw" is not null or "price_group_prices"."price_usd" is not null)
);
--> statement-breakpoint
ALTER TABLE "price_group_prices" ADD CONSTRAINT "price_group_prices_price_group_id_price_groups_id_fk" FOREIGN KEY ("price_group_id") REFERENCES "public"."price_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_group_prices" ADD CONSTRAINT "price_group_prices_product_option_id_product_options_id_fk" FOREIGN KEY ("product_option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_group_prices_product_option_id_index" ON "price_group_prices" USING btree ("product_option_id");--> statement-breakpoint
CREATE TABLE "option_volume_tiers" (
	"product_option_id" uuid NOT NULL,
	"min_quantity" integer NOT NULL,
	"discount_bp" integer NOT NULL,
	CONSTRAINT "option_volume_tiers_product_option_id_min_quantity_pk" PRIMARY KEY("product_option_id","min_quantity"),
	CONSTRAINT "volume_tier_min_quantity" CHECK ("option_volume_tiers"."min_quantity" >= 2),
	CONSTRAINT "volume_tier_discount_range" CHECK ("option_volume_tiers"."discount_bp" > 0 and "option_volume_tiers"."discount_bp" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "option_volume_tiers" ADD CONSTRAINT "option_volume_tiers_product_option_id_product_options_id_fk" FOREIGN KEY ("product_option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What members are shown depends on these tables: a change drops every instance's catalogue answers
-- (migration 0003's notification).
CREATE TRIGGER price_groups_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_groups
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER price_group_prices_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_group_prices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER option_volume_tiers_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON option_volume_tiers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
