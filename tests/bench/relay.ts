// The baseline of the chat benchmarks: a bare socket.io server that only relays. Same transport, same
// rooms per member, same ack and the same fan-out as Amiko, but no session check, no validation, no
// database. One-to-one messages go to both members' rooms; a pod's message to the room of the pod the
// member named at the handshake, every socket in it but the sender's (Amiko sends it to the pod's members'
// rooms but the sending socket: one emit reaching the same sockets). Started as its own process by
// chat-bench.ts; prints its port.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer();
const io = new Server(http, { transports: ['websocket'], serveClient: false });
let nextId = 0;

io.on('connection', (socket) => {
  const { id, podId } = socket.handshake.auth as { id?: string; podId?: string };
  const memberId = String(id);
  void socket.join(podId ? [`m:${memberId}`, `p:${podId}`] : `m:${memberId}`);
  /** A message as Amiko's answer and event carry it: an id, its sender, its time. */
  const stamped = <T extends object>(fields: T) => {
    nextId += 1;
    return { id: nextId, senderId: memberId, createdAt: Date.now(), ...fields };
  };
  type Input = { clientId: string; body: string };
  socket.on('message:send', (input: Input & { to: string }, ack: (r: unknown) => void) => {
    const { to, clientId, body } = input;
    const message = stamped({ conversationId: 'relay', recipientId: to, clientId, body, readAt: null });
    socket.to([`m:${memberId}`, `m:${to}`]).emit('message:new', message);
    ack({ ok: true, data: message });
  });
  socket.on('pod:send', (input: Input & { podId: string }, ack: (r: unknown) => void) => {
    const message = stamped({ podId: input.podId, clientId: input.clientId, body: input.body });
    socket.to(`p:${input.podId}`).emit('pod:message', message);
    ack({ ok: true, data: message });
  });
});

http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.stdout.write(`relay listening on ${typeof address === 'object' && address ? address.port : 0}\n`);
});
