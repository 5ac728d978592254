CREATE TABLE "pod_members" (
	"pod_id" text NOT NULL,
	"member_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pod_members_pod_id_member_id_pk" PRIMARY KEY("pod_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "pod_requests" (
	"pod_id" text NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pod_requests_pod_id_member_id_pk" PRIMARY KEY("pod_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "pods" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"interests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"level" text,
	"place_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"size_limit" integer DEFAULT 6 NOT NULL,
	"join_rule" text DEFAULT 'open' NOT NULL,
	"started_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pod_members" ADD CONSTRAINT "pod_members_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_members" ADD CONSTRAINT "pod_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_requests" ADD CONSTRAINT "pod_requests_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_requests" ADD CONSTRAINT "pod_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_started_by_members_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pod_members_member_idx" ON "pod_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "pod_requests_member_idx" ON "pod_requests" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "pods_place_idx" ON "pods" USING btree ("place_id");