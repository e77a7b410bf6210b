-- pg_trgm: PostgreSQL's contrib (trusted since 13, so the database owner may create it); PGlite loads it in db/index.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "guests_order_idx" ON "guests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "guests_room_idx" ON "guests" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_logs_order_idx" ON "order_logs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "rooms_order_idx" ON "rooms" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "rooms_product_idx" ON "rooms" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_zip_trgm_idx" ON "users" USING gin ("zip" gin_trgm_ops);