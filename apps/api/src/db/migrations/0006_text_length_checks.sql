-- Rows written before the limits existed are cut to them first, so the constraints can be added.
UPDATE "users" SET "email" = left("email", 254), "first_name" = left("first_name", 100), "last_name" = left("last_name", 100),
  "nationality" = left("nationality", 100), "phone_number" = left("phone_number", 50), "address" = left("address", 200),
  "zip" = left("zip", 50), "city" = left("city", 100), "country" = left("country", 100)
WHERE char_length("email") > 254 OR char_length("first_name") > 100 OR char_length("last_name") > 100 OR char_length("nationality") > 100
  OR char_length("phone_number") > 50 OR char_length("address") > 200 OR char_length("zip") > 50 OR char_length("city") > 100 OR char_length("country") > 100;--> statement-breakpoint
UPDATE "guests" SET "first_name" = left("first_name", 100), "last_name" = left("last_name", 100)
WHERE char_length("first_name") > 100 OR char_length("last_name") > 100;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_name_lengths" CHECK (char_length("guests"."first_name") <= 100 and char_length("guests"."last_name") <= 100);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_text_lengths" CHECK (char_length("users"."email") <= 254 and char_length("users"."first_name") <= 100 and char_length("users"."last_name") <= 100
        and char_length("users"."nationality") <= 100 and char_length("users"."phone_number") <= 50 and char_length("users"."address") <= 200
        and char_length("users"."zip") <= 50 and char_length("users"."city") <= 100 and char_length("users"."country") <= 100);