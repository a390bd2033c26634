CREATE TABLE "usage_days" (
	"organisation_id" text NOT NULL,
	"day" date NOT NULL,
	"chat" integer DEFAULT 0 NOT NULL,
	"write" integer DEFAULT 0 NOT NULL,
	"review" integer DEFAULT 0 NOT NULL,
	"wiki" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_days_organisation_id_day_pk" PRIMARY KEY("organisation_id","day")
);
--> statement-breakpoint
CREATE TABLE "usage_documents" (
	"organisation_id" text NOT NULL,
	"document_id" text NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_documents_organisation_id_document_id_pk" PRIMARY KEY("organisation_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "usage_subdomain_days" (
	"organisation_id" text NOT NULL,
	"day" date NOT NULL,
	"subdomain" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_subdomain_days_organisation_id_day_subdomain_pk" PRIMARY KEY("organisation_id","day","subdomain")
);
--> statement-breakpoint
CREATE TABLE "usage_user_days" (
	"organisation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"sign_ins" integer DEFAULT 0 NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	"sign_ins_through" integer DEFAULT 0 NOT NULL,
	"tasks_through" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_user_days_organisation_id_user_id_day_pk" PRIMARY KEY("organisation_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "usage_users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"sign_ins" integer DEFAULT 0 NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	"recent_sign_ins" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_days" ADD CONSTRAINT "usage_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_documents" ADD CONSTRAINT "usage_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_documents" ADD CONSTRAINT "usage_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_subdomain_days" ADD CONSTRAINT "usage_subdomain_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_user_days" ADD CONSTRAINT "usage_user_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_user_days" ADD CONSTRAINT "usage_user_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_users" ADD CONSTRAINT "usage_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_users" ADD CONSTRAINT "usage_users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_user_days_organisation_day_idx" ON "usage_user_days" USING btree ("organisation_id","day");--> statement-breakpoint
CREATE INDEX "usage_users_organisation_idx" ON "usage_users" USING btree ("organisation_id");--> statement-breakpoint
-- Added by hand: the rollups of the events recorded so far (modules/events/rollups.ts,
-- rebuildUsageRollups, computes the same). Days are Europe/London calendar days.
INSERT INTO "usage_days" ("organisation_id", "day", "chat", "write", "review", "wiki")
SELECT e."organisation_id", (e."created_at" AT TIME ZONE 'Europe/London')::date,
  count(*) FILTER (WHERE e."tool" = 'chat'), count(*) FILTER (WHERE e."tool" = 'write'),
  count(*) FILTER (WHERE e."tool" = 'review'), count(*) FILTER (WHERE e."tool" = 'wiki')
FROM "events" e WHERE e."organisation_id" IS NOT NULL AND e."tool" IS NOT NULL
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "usage_subdomain_days" ("organisation_id", "day", "subdomain", "uses")
SELECT e."organisation_id", (e."created_at" AT TIME ZONE 'Europe/London')::date, s.subdomain, count(*)
FROM "events" e CROSS JOIN LATERAL unnest(e."subdomains") AS s(subdomain)
WHERE e."organisation_id" IS NOT NULL AND e."tool" IN ('chat', 'wiki')
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "usage_documents" ("organisation_id", "document_id", "last_used_at")
SELECT e."organisation_id", u.document_id, max(e."created_at")
FROM "events" e CROSS JOIN LATERAL unnest(e."document_ids") AS u(document_id)
WHERE e."organisation_id" IS NOT NULL AND e."tool" IS NOT NULL AND EXISTS (SELECT 1 FROM "documents" d WHERE d."id" = u.document_id)
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "usage_user_days" ("organisation_id", "user_id", "day", "sign_ins", "tasks", "sign_ins_through", "tasks_through")
SELECT organisation_id, user_id, day, sign_ins, tasks, sum(sign_ins) OVER w, sum(tasks) OVER w
FROM (
  SELECT e."organisation_id" AS organisation_id, e."actor_user_id" AS user_id, (e."created_at" AT TIME ZONE 'Europe/London')::date AS day,
    count(*) FILTER (WHERE e."kind" = 'auth.signed_in') AS sign_ins, count(*) FILTER (WHERE e."tool" IS NOT NULL) AS tasks
  FROM "events" e
  WHERE e."organisation_id" IS NOT NULL AND e."actor_user_id" IS NOT NULL AND (e."tool" IS NOT NULL OR e."kind" = 'auth.signed_in')
  GROUP BY 1, 2, 3
) daily
WINDOW w AS (PARTITION BY organisation_id, user_id ORDER BY day);--> statement-breakpoint
INSERT INTO "usage_users" ("user_id", "organisation_id", "sign_ins", "tasks", "recent_sign_ins")
SELECT e."actor_user_id", min(e."organisation_id"),
  count(*) FILTER (WHERE e."kind" = 'auth.signed_in'), count(*) FILTER (WHERE e."tool" IS NOT NULL),
  coalesce((array_agg(e."created_at" ORDER BY e."created_at" DESC) FILTER (WHERE e."kind" = 'auth.signed_in'))[1:5], '{}')
FROM "events" e
WHERE e."organisation_id" IS NOT NULL AND e."actor_user_id" IS NOT NULL AND (e."tool" IS NOT NULL OR e."kind" = 'auth.signed_in')
GROUP BY 1;
