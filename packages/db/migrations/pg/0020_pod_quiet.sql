ALTER TABLE "pod_members" ADD COLUMN "quiet_answer" text;--> statement-breakpoint
ALTER TABLE "pod_members" ADD COLUMN "quiet_answered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pod_messages_pod_time_idx" ON "pod_messages" USING btree ("pod_id","created_at");