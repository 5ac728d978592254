CREATE TABLE "meetup_rsvps" (
	"meetup_id" text NOT NULL,
	"member_id" text NOT NULL,
	"status" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meetup_rsvps_meetup_id_member_id_pk" PRIMARY KEY("meetup_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "meetups" (
	"id" text PRIMARY KEY NOT NULL,
	"pod_id" text NOT NULL,
	"proposed_by" text,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"venue_kind" text NOT NULL,
	"venue_name" text,
	"venue_address" text,
	"online_link" text,
	"language" text NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "meetup_rsvps" ADD CONSTRAINT "meetup_rsvps_meetup_id_meetups_id_fk" FOREIGN KEY ("meetup_id") REFERENCES "public"."meetups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_rsvps" ADD CONSTRAINT "meetup_rsvps_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetups" ADD CONSTRAINT "meetups_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetups" ADD CONSTRAINT "meetups_proposed_by_members_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meetup_rsvps_member_idx" ON "meetup_rsvps" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "meetups_pod_starts_idx" ON "meetups" USING btree ("pod_id","starts_at");