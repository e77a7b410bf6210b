-- 'Mijn reis': a trip's practical details (filled in by staff on the trip page) and the visa PDF per guest.
CREATE TABLE "trip_details" (
	"start_date" date PRIMARY KEY NOT NULL,
	"flight" text DEFAULT '' NOT NULL,
	"meeting_point" text DEFAULT '' NOT NULL,
	"leader_name" text DEFAULT '' NOT NULL,
	"leader_phone" text DEFAULT '' NOT NULL,
	"programme" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_details_lengths" CHECK (char_length("trip_details"."flight") <= 1000 and char_length("trip_details"."meeting_point") <= 1000 and char_length("trip_details"."leader_name") <= 100 and char_length("trip_details"."leader_phone") <= 50 and char_length("trip_details"."programme") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "guest_visa_files" (
	"guest_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guest_visa_files" ADD CONSTRAINT "guest_visa_files_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_visa_files" ADD CONSTRAINT "guest_visa_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_visa_files" ADD CONSTRAINT "guest_visa_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_visa_files_order_idx" ON "guest_visa_files" USING btree ("order_id");
