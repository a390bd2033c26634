CREATE TABLE "tutorial_screenshots" (
	"name" text PRIMARY KEY NOT NULL,
	"build" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
