CREATE TABLE "meetup_again" (
	"meetup_id" text NOT NULL,
	"chooser_id" text NOT NULL,
	"chosen_id" text NOT NULL,
	"again" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meetup_again_meetup_id_chooser_id_chosen_id_pk" PRIMARY KEY("meetup_id","chooser_id","chosen_id")
);
--> statement-breakpoint
CREATE TABLE "meetup_attendance" (
	"meetup_id" text NOT NULL,
	"marker_id" text NOT NULL,
	"member_id" text NOT NULL,
	"came" boolean NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meetup_attendance_meetup_id_marker_id_member_id_pk" PRIMARY KEY("meetup_id","marker_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "meetup_rsvps" ADD COLUMN "gave_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meetup_again" ADD CONSTRAINT "meetup_again_meetup_id_meetups_id_fk" FOREIGN KEY ("meetup_id") REFERENCES "public"."meetups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_again" ADD CONSTRAINT "meetup_again_chooser_id_members_id_fk" FOREIGN KEY ("chooser_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_again" ADD CONSTRAINT "meetup_again_chosen_id_members_id_fk" FOREIGN KEY ("chosen_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_attendance" ADD CONSTRAINT "meetup_attendance_meetup_id_meetups_id_fk" FOREIGN KEY ("meetup_id") REFERENCES "public"."meetups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_attendance" ADD CONSTRAINT "meetup_attendance_marker_id_members_id_fk" FOREIGN KEY ("marker_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_attendance" ADD CONSTRAINT "meetup_attendance_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meetup_again_chosen_idx" ON "meetup_again" USING btree ("chosen_id");--> statement-breakpoint
CREATE INDEX "meetup_attendance_member_idx" ON "meetup_attendance" USING btree ("member_id");