-- Saved addresses and orders keep the country the parcel goes to (ISO 3166-1 alpha-2), so that overseas buyers'
-- addresses (postal codes with letters, e.g. 'M5V 2T6' in Canada) read whole on order views, documents and exports.
-- What was saved before is in Korea for a Korean company; for a Global company it was never said, so it stays null
-- until the buyer or staff name it.
ALTER TABLE "addresses" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receiver_country" text;--> statement-breakpoint
UPDATE "addresses" a SET "country" = 'KR' FROM "buyers" b WHERE b.id = a.buyer_id AND b.is_korean_company;--> statement-breakpoint
UPDATE "orders" o SET "receiver_country" = 'KR' FROM "buyers" b WHERE b.id = o.buyer_id AND b.is_korean_company;
