CREATE TABLE "issued_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"number" text NOT NULL,
	"credits_id" integer,
	"total" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "issued_invoices_kind" CHECK ("issued_invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "issued_invoices_version" CHECK ("issued_invoices"."version" >= 1),
	CONSTRAINT "issued_invoices_number_length" CHECK (char_length("issued_invoices"."number") <= 40)
);
--> statement-breakpoint
ALTER TABLE "issued_invoices" ADD CONSTRAINT "issued_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_invoices" ADD CONSTRAINT "issued_invoices_credits_id_issued_invoices_id_fk" FOREIGN KEY ("credits_id") REFERENCES "public"."issued_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_invoices_order_kind_version" ON "issued_invoices" USING btree ("order_id","kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_invoices_number" ON "issued_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_invoices_credits" ON "issued_invoices" USING btree ("credits_id");--> statement-breakpoint
CREATE INDEX "issued_invoices_issued_at" ON "issued_invoices" USING btree ("issued_at");
