-- No code wrote visa_documents before this migration; clear it so the NOT NULL sealed column can be added.
DELETE FROM "visa_documents";--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_user_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"impersonator_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failed_logins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visa_documents" ADD COLUMN "sealed" text NOT NULL;--> statement-breakpoint
ALTER TABLE "visa_documents" ADD COLUMN "key_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "visa_documents" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "visa_documents" ADD COLUMN "submitted_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "visa_documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "visa_documents" ADD CONSTRAINT "visa_documents_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visa_documents_guest_unique" ON "visa_documents" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "visa_documents_order_idx" ON "visa_documents" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "visa_documents" DROP COLUMN "date_of_birth";--> statement-breakpoint
ALTER TABLE "visa_documents" DROP COLUMN "city_of_birth";--> statement-breakpoint
ALTER TABLE "visa_documents" DROP COLUMN "passport_number";--> statement-breakpoint
ALTER TABLE "visa_documents" DROP COLUMN "passport_creation_date";--> statement-breakpoint
ALTER TABLE "visa_documents" DROP COLUMN "passport_expires";--> statement-breakpoint
ALTER TABLE "visa_documents" DROP COLUMN "visa_photo_url";