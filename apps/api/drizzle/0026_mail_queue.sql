-- Mails waiting to go out (decision 0035): written with the change they tell about, deleted once sent.
CREATE TABLE "mail_queue" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_queue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"order_id" uuid,
	"recipient" text,
	"subject" text,
	"sealed_text" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_queue_kind" CHECK (("mail_queue"."kind" = 'message' and "mail_queue"."recipient" is not null and "mail_queue"."subject" is not null and "mail_queue"."sealed_text" is not null)
        or ("mail_queue"."kind" in ('order_placed', 'order_received', 'new_order') and "mail_queue"."order_id" is not null))
);
