-- Generated, then written on by hand (issue 32): the unique index that keeps a retried send from storing a
-- copy goes by client id first, as packages/db/migrations/sqlite/0026 explains. amiko_send_message's and
-- amiko_send_pod_message's ON CONFLICT (sender_id, client_id) name the columns, not the index, and PostgreSQL
-- infers the index from them in any order. The new index comes before the old one goes.
CREATE UNIQUE INDEX "messages_client_sender_unique" ON "messages" USING btree ("client_id","sender_id");--> statement-breakpoint
DROP INDEX "messages_sender_client_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "pod_messages_client_sender_unique" ON "pod_messages" USING btree ("client_id","sender_id");--> statement-breakpoint
DROP INDEX "pod_messages_sender_client_unique";
