ALTER TABLE "transactions" ADD COLUMN "order_fingerprint" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_order_fingerprint_length" CHECK (char_length("transactions"."order_fingerprint") <= 64);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_review" CHECK ("payments"."review" in ('order_changed', 'refund_due'));--> statement-breakpoint
CREATE INDEX "payments_review_idx" ON "payments" USING btree ("review") WHERE "payments"."review" is not null;
