CREATE TABLE "pod_invitations" (
	"pod_id" text NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pod_invitations_pod_id_member_id_pk" PRIMARY KEY("pod_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "pod_suggestion_answers" (
	"member_id" text NOT NULL,
	"interest" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pod_suggestion_answers_member_id_interest_pk" PRIMARY KEY("member_id","interest")
);
--> statement-breakpoint
ALTER TABLE "pod_invitations" ADD CONSTRAINT "pod_invitations_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_invitations" ADD CONSTRAINT "pod_invitations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_suggestion_answers" ADD CONSTRAINT "pod_suggestion_answers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pod_invitations_member_idx" ON "pod_invitations" USING btree ("member_id");