-- Each account's language: a member's mails and the shop's answers to them follow it; a member of staff's back
-- office is shown in it. Staff who already work in the back office keep the English they know; new staff
-- start in Korean. A member's language is taken from the browser's at sign-up.
ALTER TABLE "buyers" ADD COLUMN "language" text DEFAULT 'en' NOT NULL CHECK ("language" IN ('en', 'ko'));--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "language" text DEFAULT 'en' NOT NULL CHECK ("language" IN ('en', 'ko'));--> statement-breakpoint
ALTER TABLE "staff" ALTER COLUMN "language" SET DEFAULT 'ko';
