ALTER TABLE "obj_functions" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "obj_model_functions" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "product_functions" ADD COLUMN "i18n" jsonb;