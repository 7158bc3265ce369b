CREATE TYPE "public"."order_actor" AS ENUM('STAFF', 'BUYER', 'SYSTEM');--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" "order_status",
	"to_status" "order_status" NOT NULL,
	"actor" "order_actor" NOT NULL,
	"staff_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_memos" ADD COLUMN "edited_by_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "order_memos" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_memos" ADD COLUMN "voided_by_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "order_memos" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_history_order_id_created_at_index" ON "order_status_history" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "order_memos" ADD CONSTRAINT "order_memos_edited_by_staff_id_staff_id_fk" FOREIGN KEY ("edited_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_memos" ADD CONSTRAINT "order_memos_voided_by_staff_id_staff_id_fk" FOREIGN KEY ("voided_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Status changes made before the history existed, from the audit log that recorded them.
INSERT INTO "order_status_history" ("order_id", "from_status", "to_status", "actor", "staff_id", "created_at")
SELECT o."id", (a."before"->>'status')::"order_status", (a."after"->>'status')::"order_status",
  (CASE WHEN a."staff_id" IS NULL THEN 'SYSTEM' ELSE 'STAFF' END)::"order_actor", a."staff_id", a."created_at"
FROM "audit_log" a JOIN "orders" o ON o."order_number" = a."entity_id"
WHERE a."entity" = 'order' AND a."action" = 'order.status'
  AND a."before"->>'status' IS NOT NULL AND a."after"->>'status' IS NOT NULL;
