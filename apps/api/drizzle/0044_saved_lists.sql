-- Saved lists (issue 35): a member's named lists of options and quantities, put into the cart at once. A list
-- belongs to one buyer and goes with it; a line names an option once, kept in the order it was first saved.
CREATE TABLE "saved_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL REFERENCES "buyers"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_list_name_not_blank" CHECK (length(trim("name")) > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_lists_buyer_name" ON "saved_lists" USING btree ("buyer_id", lower("name"));
--> statement-breakpoint
CREATE TABLE "saved_list_lines" (
	"list_id" uuid NOT NULL REFERENCES "saved_lists"("id") ON DELETE cascade,
	"product_option_id" uuid NOT NULL REFERENCES "product_options"("id") ON DELETE cascade,
	"quantity" integer NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY,
	CONSTRAINT "saved_list_lines_list_id_product_option_id_pk" PRIMARY KEY ("list_id", "product_option_id"),
	CONSTRAINT "saved_list_quantity_positive" CHECK ("quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX "saved_list_lines_order" ON "saved_list_lines" USING btree ("list_id", "seq");
