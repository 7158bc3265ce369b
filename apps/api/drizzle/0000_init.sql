CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."account_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED', 'SUSPENDED');--> statement-breakpoint
CREATE TYPE "public"."currency_code" AS ENUM('KRW', 'USD');--> statement-breakpoint
CREATE TYPE "public"."file_kind" AS ENUM('BUSINESS_CERT', 'PRODUCT_IMAGE');--> statement-breakpoint
CREATE TYPE "public"."inquiry_status" AS ENUM('NEW', 'ANSWERED');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('PENDING', 'CONFIRMED', 'PAID', 'PREPARING', 'SHIPPED', 'DELIVERED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."staff_role" AS ENUM('OWNER', 'STAFF');--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"address_detail" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artist_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artists" (
	"id" serial PRIMARY KEY NOT NULL,
	"artist_category_id" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_ko" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "buyers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" "account_status" DEFAULT 'PENDING' NOT NULL,
	"status_reason" text,
	"is_korean_company" boolean NOT NULL,
	"company_name" text NOT NULL,
	"representative_name" text NOT NULL,
	"business_registration_number" text NOT NULL,
	"phone_number" text NOT NULL,
	"company_address" text NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"business_certificate_file_id" uuid,
	"marketing_agree" boolean DEFAULT false NOT NULL,
	"personal_info_agreed_at" timestamp with time zone NOT NULL,
	"terms_agreed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"product_option_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_quantity_positive" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid,
	"email" text NOT NULL,
	"company_name" text NOT NULL,
	"representative_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"business_registration_number" text NOT NULL,
	"content" text NOT NULL,
	"status" "inquiry_status" DEFAULT 'NEW' NOT NULL,
	"answer_note" text,
	"answered_by_staff_id" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_option_id" uuid,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" "currency_code" NOT NULL,
	"product_title" text NOT NULL,
	"option_name_value1" text NOT NULL,
	"option_name_value2" text,
	"thumbnail_url" text,
	CONSTRAINT "order_quantity_positive" CHECK ("order_details"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_memos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"content" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_by_staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"buyer_id" uuid,
	"status" "order_status" DEFAULT 'PENDING' NOT NULL,
	"currency_code" "currency_code" NOT NULL,
	"product_amount" bigint NOT NULL,
	"final_amount" bigint NOT NULL,
	"receiver_company_name" text NOT NULL,
	"receiver_email" text NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_phone_number" text NOT NULL,
	"receiver_postal_code" text DEFAULT '' NOT NULL,
	"receiver_address_detail" text NOT NULL,
	"business_registration_number" text DEFAULT '' NOT NULL,
	"person_in_charge_staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_orderNumber_unique" UNIQUE("order_number")
);
--> statement-breakpoint
CREATE TABLE "product_artists" (
	"product_id" uuid NOT NULL,
	"artist_id" integer NOT NULL,
	CONSTRAINT "product_artists_product_id_artist_id_pk" PRIMARY KEY("product_id","artist_id")
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"option_name_key1" text NOT NULL,
	"option_name_value1" text NOT NULL,
	"option_name_key2" text,
	"option_name_value2" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_sold_out" boolean DEFAULT false NOT NULL,
	"minimum_order_quantity" integer DEFAULT 1 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"hold_stock" integer DEFAULT 0 NOT NULL,
	"price_krw" bigint NOT NULL,
	"price_usd" bigint NOT NULL,
	"compared_price_krw" bigint,
	"compared_price_usd" bigint,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_not_negative" CHECK ("product_options"."stock" >= 0),
	CONSTRAINT "hold_within_stock" CHECK ("product_options"."hold_stock" >= 0 and "product_options"."hold_stock" <= "product_options"."stock"),
	CONSTRAINT "minimum_positive" CHECK ("product_options"."minimum_order_quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"vendor" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"release_date" date,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"nation_code2" text DEFAULT 'KR' NOT NULL,
	"sales_start_at" timestamp with time zone,
	"sales_end_at" timestamp with time zone,
	"event_type" text,
	"event_apply_start_at" timestamp with time zone,
	"event_apply_end_at" timestamp with time zone,
	"total_sales_quantity" integer DEFAULT 0 NOT NULL,
	"total_sales_amount_krw" bigint DEFAULT 0 NOT NULL,
	"total_sales_amount_usd" bigint DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"role" "staff_role" DEFAULT 'STAFF' NOT NULL,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "file_kind" NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer,
	"owner_buyer_id" uuid,
	"uploaded_at" timestamp with time zone,
	"referenced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artists" ADD CONSTRAINT "artists_artist_category_id_artist_categories_id_fk" FOREIGN KEY ("artist_category_id") REFERENCES "public"."artist_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_sessions" ADD CONSTRAINT "buyer_sessions_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyers" ADD CONSTRAINT "buyers_business_certificate_file_id_stored_files_id_fk" FOREIGN KEY ("business_certificate_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_option_id_product_options_id_fk" FOREIGN KEY ("product_option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_inquiries" ADD CONSTRAINT "contact_inquiries_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_inquiries" ADD CONSTRAINT "contact_inquiries_answered_by_staff_id_staff_id_fk" FOREIGN KEY ("answered_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_product_option_id_product_options_id_fk" FOREIGN KEY ("product_option_id") REFERENCES "public"."product_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_memos" ADD CONSTRAINT "order_memos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_memos" ADD CONSTRAINT "order_memos_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_person_in_charge_staff_id_staff_id_fk" FOREIGN KEY ("person_in_charge_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_artists" ADD CONSTRAINT "product_artists_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_artists" ADD CONSTRAINT "product_artists_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_buyer_id_index" ON "addresses" USING btree ("buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default" ON "addresses" USING btree ("buyer_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "artists_artist_category_id_index" ON "artists" USING btree ("artist_category_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_index" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "buyer_sessions_buyer_id_index" ON "buyer_sessions" USING btree ("buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "buyers_email_active" ON "buyers" USING btree (lower("email")) WHERE "buyers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "buyers_status_index" ON "buyers" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_buyer_id_product_option_id_index" ON "cart_items" USING btree ("buyer_id","product_option_id");--> statement-breakpoint
CREATE INDEX "contact_inquiries_status_created_at_index" ON "contact_inquiries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "email_verifications_email" ON "email_verifications" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "order_details_order_id_index" ON "order_details" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_memos_order_id_index" ON "order_memos" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_id_created_at_index" ON "orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created_at_index" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "product_artists_artist_id_index" ON "product_artists" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "product_options_product_id_index" ON "product_options" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_one_default" ON "product_options" USING btree ("product_id") WHERE "product_options"."is_default";--> statement-breakpoint
CREATE INDEX "products_category_id_created_at_index" ON "products" USING btree ("category_id","created_at");--> statement-breakpoint
CREATE INDEX "products_created_at_index" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_total_sales_quantity_index" ON "products" USING btree ("total_sales_quantity");--> statement-breakpoint
CREATE INDEX "products_tags_index" ON "products" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "products_search_text_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email" ON "staff" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_id_index" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "stored_files_unreferenced" ON "stored_files" USING btree ("created_at") WHERE "stored_files"."referenced_at" is null;